//! Points as the API writes them: a `[longitude, latitude]` pair, or a GeoJSON point around
//! one. Here rather than in the server because the read models that hold a point
//! ([`crate::NearbyRequest`]) are answered as they are.

use hometutor_geo::Point;
use serde::{Deserialize, Serialize, Serializer};

/// `[longitude, latitude]` in degrees: longitude -180 to 180, latitude -90 to 90.
#[derive(Debug, Serialize, Deserialize, Clone, Copy, PartialEq)]
pub struct Coordinates(pub [f64; 2]);

/// A point as `{"type": "Point", "coordinates": [longitude, latitude]}`.
#[derive(Debug, Serialize, Deserialize, Clone, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GeoPoint {
    /// Always `Point` in answers; not checked in requests.
    #[serde(rename = "type", default = "point_type")]
    pub kind: String,
    pub coordinates: Coordinates,
}

fn point_type() -> String {
    "Point".into()
}

impl From<Point> for GeoPoint {
    fn from(p: Point) -> Self {
        Self { kind: point_type(), coordinates: Coordinates([p.lng, p.lat]) }
    }
}

/// A [`Point`] field written as a [`GeoPoint`] (`#[serde(serialize_with = …)]`).
pub fn serialize<S: Serializer>(p: &Point, s: S) -> Result<S::Ok, S::Error> {
    GeoPoint::from(*p).serialize(s)
}

#[cfg(feature = "openapi")]
mod schema {
    use hometutor_geo::Point;
    use utoipa::openapi::schema::{ArrayBuilder, ArrayItems, ObjectBuilder, Type};
    use utoipa::openapi::{KnownFormat, RefOr, Schema, SchemaFormat};

    /// `[longitude, latitude]` within the ranges of [`Point::new`].
    impl utoipa::PartialSchema for super::Coordinates {
        fn schema() -> RefOr<Schema> {
            let degrees = |max: f64, what: &str| {
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
                    .description(Some(what))
                    .minimum(Some(-max))
                    .maximum(Some(max))
            };
            ArrayBuilder::new()
                .description(Some("`[longitude, latitude]` in degrees."))
                .prefix_items([degrees(Point::MAX_LNG, "Longitude"), degrees(Point::MAX_LAT, "Latitude")])
                .items(ArrayItems::False)
                .min_items(Some(2))
                .max_items(Some(2))
                .build()
                .into()
        }
    }

    impl utoipa::ToSchema for super::Coordinates {}
}

#[cfg(test)]
mod tests {
    use hometutor_geo::Point;
    use serde::Serialize;
    use serde_json::json;

    #[derive(Serialize)]
    struct At(#[serde(serialize_with = "super::serialize")] Point);

    #[test]
    fn a_point_is_written_as_geojson_longitude_first() {
        let point = Point::new(28.6139, 77.209).expect("a real point");
        let written = serde_json::to_value(At(point)).expect("serialised");
        assert_eq!(written, json!({"type": "Point", "coordinates": [77.209, 28.6139]}));
    }
}
