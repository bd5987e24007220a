//! Turns a parsed JSON body into a request type the way serde_json would, with
//! three differences a client can rely on:
//!
//! - a JSON array is never taken for an object. serde's derived structs also
//!   accept their fields positionally (`["a@b.in", "secret"]` for
//!   `{email, password}`), at any depth; that form is undocumented, silently
//!   binds values to the wrong fields when a struct changes, and is refused here.
//! - an error knows where it happened (`subjects[2]`, `address.city`), so the
//!   answer can name the field.
//! - a whole number written with a fraction (`3.0`) is that integer, as JSON
//!   Schema has it (serde_json refuses it for an integer field).

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::Value;

/// Why a body does not fit the request type, and where in the body.
#[derive(Debug)]
pub struct Error {
    /// `None` for the body as a whole.
    pub path: Option<String>,
    pub message: String,
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Self { path: None, message: message.to_string() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{path}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// Deserializes `T` from a parsed body.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(At { value, path: &Path::Root })
}

/// Where a value sits in the body, built on the stack while descending.
#[derive(Clone, Copy)]
pub enum Path<'p> {
    Root,
    Key(&'p Path<'p>, &'p str),
    Index(&'p Path<'p>, usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Key(Path::Root, key) => f.write_str(key),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

/// `3.0` as the integer 3: JSON Schema, which the API document's types follow, counts a number
/// with no fraction as an integer however it is written, so a field documented as an integer
/// takes it (a field of floats reads it as 3.0 all the same).
/// Only below 2^53, where every integer has a float of its own: beyond, the float may be a
/// neighbour of the number written (`-9223372036854775809` reads as -2^63), which is refused.
fn whole(f: f64) -> Option<i64> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    (f.fract() == 0.0 && f.abs() < EXACT).then_some(f as i64)
}

/// Gives an error raised at `path` its place, unless a deeper level already did.
fn locate(mut error: Error, path: &Path<'_>) -> Error {
    if error.path.is_none() && !matches!(path, Path::Root) {
        error.path = Some(path.to_string());
    }
    error
}

/// A value of the body and where it is.
struct At<'de, 'p> {
    value: &'de Value,
    path: &'p Path<'p>,
}

impl<'de> Deserializer<'de> for At<'de, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let path = self.path;
        let visited = match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => visitor.visit_u64(u),
                (_, Some(i), _) => visitor.visit_i64(i),
                (_, _, Some(f)) => match whole(f) {
                    Some(i) => visitor.visit_i64(i),
                    None => visitor.visit_f64(f),
                },
                _ => Err(de::Error::custom("unsupported number")),
            },
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => {
                let mut seq = Items { items: items.iter().enumerate(), path };
                let visited = visitor.visit_seq(&mut seq)?;
                match seq.items.len() {
                    0 => Ok(visited),
                    _ => Err(de::Error::invalid_length(items.len(), &"fewer elements in the array")),
                }
            }
            Value::Object(map) => visitor.visit_map(Entries { entries: map.iter(), pending: None, path }),
        };
        visited.map_err(|e| locate(e, path))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.value.is_array() {
            return Err(locate(de::Error::custom("expected a JSON object, not an array"), self.path));
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let path = self.path;
        let visited = match self.value {
            Value::String(s) => visitor.visit_enum(BorrowedStrDeserializer::new(s)),
            Value::Object(map) if map.len() == 1 => match map.iter().next() {
                Some((key, value)) => visitor.visit_enum(Variant { key, value, path }),
                None => Err(de::Error::custom("expected one variant")),
            },
            _ => Err(de::Error::custom("expected a string or an object with one key")),
        };
        visited.map_err(|e| locate(e, path))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}

struct Items<'de, 'p> {
    items: std::iter::Enumerate<std::slice::Iter<'de, Value>>,
    path: &'p Path<'p>,
}

impl<'de> de::SeqAccess<'de> for Items<'de, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some((index, value)) => {
                let path = Path::Index(self.path, index);
                seed.deserialize(At { value, path: &path }).map(Some).map_err(|e| locate(e, &path))
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Entries<'de, 'p> {
    entries: serde_json::map::Iter<'de>,
    pending: Option<(&'de str, &'de Value)>,
    path: &'p Path<'p>,
}

impl<'de> de::MapAccess<'de> for Entries<'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else { return Ok(None) };
        self.pending = Some((key, value));
        // An unknown field is reported at its own name.
        seed.deserialize(BorrowedStrDeserializer::new(key)).map(Some).map_err(|e| locate(e, &Path::Key(self.path, key)))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (key, value) = self.pending.take().ok_or_else(|| de::Error::custom("a value without its key"))?;
        // Located here too: a type that checks a value it has read (`try_from`) refuses it after `At` is done.
        let path = Path::Key(self.path, key);
        seed.deserialize(At { value, path: &path }).map_err(|e| locate(e, &path))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// `{"Variant": value}`: an enum variant with data.
struct Variant<'de, 'p> {
    key: &'de str,
    value: &'de Value,
    path: &'p Path<'p>,
}

impl<'de, 'p> de::EnumAccess<'de> for Variant<'de, 'p> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let key: BorrowedStrDeserializer<'de, Error> = BorrowedStrDeserializer::new(self.key);
        Ok((seed.deserialize(key)?, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'de, '_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            Value::Null => Ok(()),
            _ => Err(locate(de::Error::custom("expected no data for this variant"), self.path)),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(At { value: self.value, path: &Path::Key(self.path, self.key) })
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        At { value: self.value, path: &Path::Key(self.path, self.key) }.deserialize_any(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        At { value: self.value, path: &Path::Key(self.path, self.key) }.deserialize_struct("", fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Login {
        email: String,
        password: String,
        remember: Option<bool>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Request {
        subjects: Vec<String>,
        budget: i64,
        login: Option<Login>,
        #[serde(default)]
        pair: (u8, f64),
        kind: Kind,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Online,
        Home { city: String },
    }

    #[test]
    fn objects_deserialize_as_serde_json_would() {
        let body = json!({"subjects": ["Maths"], "budget": 500, "login": {"email": "a@b.in", "password": "p"},
                          "pair": [1, 2], "kind": "online"});
        let parsed: Request = from_value(&body).unwrap();
        assert_eq!(parsed, serde_json::from_value(body).unwrap());
        let home: Kind = from_value(&json!({"home": {"city": "Pune"}})).unwrap();
        assert_eq!(home, Kind::Home { city: "Pune".into() });
    }

    #[test]
    fn an_array_is_not_an_object_at_any_depth() {
        let top = from_value::<Login>(&json!(["a@b.in", "secret", null])).unwrap_err();
        assert_eq!((top.path, top.message.as_str()), (None, "expected a JSON object, not an array"));
        let nested = json!({"subjects": [], "budget": 1, "login": ["a@b.in", "p", null], "kind": "online"});
        assert_eq!(from_value::<Request>(&nested).unwrap_err().path.as_deref(), Some("login"));
        let variant = from_value::<Kind>(&json!({"home": ["Pune"]})).unwrap_err();
        assert_eq!(variant.path.as_deref(), Some("home"));
    }

    /// Checked after it is read, as a request enum is (`#[serde(try_from = "String")]`).
    #[derive(Debug, Deserialize)]
    #[serde(try_from = "String")]
    struct Even(#[allow(dead_code)] u8);

    impl TryFrom<String> for Even {
        type Error = &'static str;

        fn try_from(value: String) -> Result<Self, Self::Error> {
            value.parse::<u8>().ok().filter(|n| n % 2 == 0).map(Even).ok_or("Must be an even number.")
        }
    }

    #[test]
    fn a_value_refused_after_it_is_read_names_its_field() {
        #[derive(Debug, Deserialize)]
        struct Pairs {
            #[allow(dead_code)]
            first: Even,
            #[allow(dead_code)]
            rest: Vec<Even>,
        }
        let odd = from_value::<Pairs>(&json!({"first": "3", "rest": []})).unwrap_err();
        assert_eq!((odd.path.as_deref(), odd.message.as_str()), (Some("first"), "Must be an even number."));
        let deep = from_value::<Pairs>(&json!({"first": "2", "rest": ["4", "5"]})).unwrap_err();
        assert_eq!(deep.path.as_deref(), Some("rest[1]"));
    }

    #[test]
    fn a_whole_number_with_a_fraction_is_an_integer() {
        #[derive(Debug, Deserialize, PartialEq)]
        struct Ids {
            id: i64,
            rating: Option<i32>,
            distance: f64,
        }
        let ids: Ids = from_value(&json!({"id": 3.0, "rating": 5.0, "distance": 2.0})).unwrap();
        assert_eq!(ids, Ids { id: 3, rating: Some(5), distance: 2.0 });
        let fraction = from_value::<Ids>(&json!({"id": 3.5, "rating": null, "distance": 1})).unwrap_err();
        assert_eq!(fraction.path.as_deref(), Some("id"), "{fraction}");
        let too_big = from_value::<Ids>(&json!({"id": 1e19, "rating": null, "distance": 1})).unwrap_err();
        assert_eq!(too_big.path.as_deref(), Some("id"), "{too_big}");
        // Past i64's range serde_json keeps the number as the nearest float, i64::MIN here: refused.
        let past_min: serde_json::Value = serde_json::from_str(r#"{"id": -9223372036854775809}"#).unwrap();
        assert!(from_value::<Ids>(&past_min).is_err());
        let small: Result<Option<i32>, _> = from_value(&json!(3e9));
        assert!(small.is_err(), "out of i32's range");
    }

    #[test]
    fn errors_name_the_field() {
        let wrong = json!({"subjects": ["Maths", 7], "budget": 1, "kind": "online"});
        let e = from_value::<Request>(&wrong).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("subjects[1]"), "{e}");
        let unknown = from_value::<Login>(&json!({"email": "", "password": "", "role": "admin"})).unwrap_err();
        assert_eq!(unknown.path.as_deref(), Some("role"));
        assert!(unknown.message.starts_with("unknown field `role`"), "{unknown}");
        let missing = from_value::<Login>(&json!({"email": ""})).unwrap_err();
        assert_eq!((missing.path, missing.message.as_str()), (None, "missing field `password`"));
        let extra = from_value::<(u8, u8)>(&json!([1, 2, 3])).unwrap_err();
        assert!(extra.message.contains("fewer elements"), "{extra}");
    }
}
