import { divIcon, type DivIcon } from 'leaflet'

// A map's markers, drawn by the browser rather than fetched: Leaflet's default pin is three PNGs
// (~6 KB inlined into the map's code), this is its shape in ~400 bytes of SVG, sharp at
// any pixel ratio. The pin's tip is the point: 25 × 41 with the anchor at (12, 41), as Leaflet's.

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41" viewBox="0 0 25 41" aria-hidden="true">' +
  '<path d="M12.5 1C6.2 1 1 6.1 1 12.4 1 21 12.5 40 12.5 40S24 21 24 12.4C24 6.1 18.8 1 12.5 1Z" fill="#2563eb" stroke="#1e3a8a" stroke-width="1.2"/>' +
  '<circle cx="12.5" cy="12.5" r="4.6" fill="#fff"/></svg>'

/** A place: the blue pin. Its name is the marker's `title` (the pin itself is hidden from readers). */
export const placePin: DivIcon = divIcon({
  className: 'ht-place-pin',
  html: PIN_SVG,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
})

// A group's badge: one icon per number, made once (Leaflet redraws a marker whose icon changes).
const groupPins = new Map<number, DivIcon>()

/** A group of `count` (tutors at one locality): a numbered green badge, unlike a place's pin. */
export function groupPin(count: number): DivIcon {
  let made = groupPins.get(count)
  if (!made) {
    made = divIcon({
      className: 'ht-group-pin',
      // The number is seen; the marker's title names the group for everyone else.
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: [30, 30],
      iconAnchor: [15, 15],
      popupAnchor: [0, -15],
    })
    groupPins.set(count, made)
  }
  return made
}
