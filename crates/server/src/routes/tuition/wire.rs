//! The shapes the tuition endpoints share with the rest of the API: points and coordinates,
//! and a vocabulary id's schema.

use hometutor_geo::Point;
// The wire shapes of a point are the domain's: its read models answer with them as they are.
pub(crate) use hometutor_tuition::geojson::{Coordinates, GeoPoint};
use hometutor_vocabulary::Facet;
use serde::Deserialize;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::ToSchema;

/// Either a GeoJSON point (an object) or a bare `[longitude, latitude]` pair (an array).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LocationInput {
    Point(GeoPoint),
    Pair(Coordinates),
}

/// A nullable id of one list of the vocabulary (with `other` where free text is allowed).
/// (In a body it may be null; a query parameter is absent instead.)
pub(crate) fn vocabulary_id_schema(facet: Facet, with_other: bool, nullable: bool) -> utoipa::openapi::Object {
    let mut ids: Vec<Option<&str>> = facet.terms().iter().map(|t| Some(t.id)).collect();
    if with_other {
        ids.push(Some(hometutor_vocabulary::OTHER));
    }
    let schema_type = if nullable {
        ids.push(None);
        utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null])
    } else {
        utoipa::openapi::schema::SchemaType::Type(Type::String)
    };
    ObjectBuilder::new().schema_type(schema_type).enum_values(Some(ids)).build()
}

pub(crate) fn parse_coordinates(raw: &str) -> Option<Point> {
    let trimmed = raw.trim().trim_start_matches('[').trim_end_matches(']');
    let mut parts = trimmed.split(',').map(|p| p.trim().parse::<f64>());
    let (Some(Ok(lng)), Some(Ok(lat)), None) = (parts.next(), parts.next(), parts.next()) else { return None };
    Point::new(lat, lng)
}

#[cfg(test)]
mod tests {
    use super::parse_coordinates;

    #[test]
    fn coordinates_are_longitude_then_latitude() {
        let p = parse_coordinates("[77.209,28.6139]").expect("valid");
        assert_eq!((p.lng, p.lat), (77.209, 28.6139));
        assert!(parse_coordinates("77.2, 28.6").is_some());
        for bad in ["", "[77.2]", "[200,10]", "[77.2,28.6,1]", "[x,y]"] {
            assert!(parse_coordinates(bad).is_none(), "{bad}");
        }
    }
}
