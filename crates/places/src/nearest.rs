//! Points to places: the post office nearest a point, through a grid of cells over the accurate
//! ones.

use hometutor_geo::{Point, UnitVector};

use crate::index::Places;
use crate::place::Place;

/// [`Places::nearest`] finds nothing farther than this.
pub const NEAREST_MAX_KM: f64 = 25.0;

const GRID: f64 = 10.0; // cells per degree

impl Places {
    /// The place a point lies in (the nearest post office within [`NEAREST_MAX_KM`]).
    pub fn nearest(&self, lat: f64, lng: f64) -> Option<&Place> {
        self.nearest_within_rings(lat, lng, true)
    }

    /// [`Places::nearest`] by rings of grid cells around the point's own: once the best place
    /// found is nearer than any cell of the next ring can be, the rest cannot beat it (with
    /// `stop_early` false, every cell within reach is read: the tests' reference).
    pub(crate) fn nearest_within_rings(&self, lat: f64, lng: f64, stop_early: bool) -> Option<&Place> {
        let here = Point::new(lat, lng)?;
        let (row, col) = cell(lat, lng);
        let lat_cells = (NEAREST_MAX_KM / 111.0 * GRID).ceil() as i32;
        let cos = lat.to_radians().cos().max(0.05);
        let lng_cells = (NEAREST_MAX_KM / (111.0 * cos) * GRID).ceil() as i32;
        // The least size of a cell in km anywhere in the window: its width at the window's
        // latitude nearest a pole (a little under the sphere's 111.19 km per degree).
        let poleward = (lat.abs() + f64::from(lat_cells + 1) / GRID).min(90.0);
        let cell_km = 111.0 / GRID * poleward.to_radians().cos().min(1.0);
        // Squared chords stand for distances (the same order, no trigonometry per place).
        let here = UnitVector::of(here);
        let reach = UnitVector::chord2_of_km(NEAREST_MAX_KM);
        let mut best: Option<(f64, std::cmp::Reverse<u8>, u32)> = None;
        for ring in 0..=lat_cells.max(lng_cells) {
            if stop_early && ring >= 1 {
                // Every point of ring `ring` is at least `ring - 1` whole cells away.
                if best.is_some_and(|(c, _, _)| UnitVector::km_of_chord2(c) < f64::from(ring - 1) * cell_km) {
                    break;
                }
            }
            for r in (row - ring).max(row - lat_cells)..=(row + ring).min(row + lat_cells) {
                for c in (col - ring).max(col - lng_cells)..=(col + ring).min(col + lng_cells) {
                    // Only the ring's own cells (its border), each once.
                    if (r - row).abs() != ring && (c - col).abs() != ring {
                        continue;
                    }
                    for &i in self.grid.get(&(r, c)).map_or(&[][..], Vec::as_slice) {
                        let chord2 = here.chord2(&self.units[i as usize]);
                        if chord2 > reach {
                            continue;
                        }
                        let key = (chord2, std::cmp::Reverse(self.meta[i as usize].accuracy), i);
                        if best.is_none_or(|b| key.partial_cmp(&b) == Some(std::cmp::Ordering::Less)) {
                            best = Some(key);
                        }
                    }
                }
            }
        }
        best.map(|(_, _, i)| &self.places[i as usize])
    }

    /// 'Lajpat Nagar, South Delhi' for a point, or `None` far from any known place. The words
    /// around it ('near …', '… के पास') are the reader's language's, so they are the web app's.
    pub fn describe(&self, lat: f64, lng: f64) -> Option<String> {
        self.nearest(lat, lng).map(Place::display_name)
    }
}

pub(crate) fn cell(lat: f64, lng: f64) -> (i32, i32) {
    ((lat * GRID).floor() as i32, (lng * GRID).floor() as i32)
}
