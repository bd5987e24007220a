import type { components } from '@/api/schema'

// The bookings API's shapes, from the server's OpenAPI document.
export type Booking = components['schemas']['Booking']
export type BookingStatus = components['schemas']['BookingStatus']
export type Side = components['schemas']['BookingSide']
export type BookingTime = components['schemas']['BookingTime']
export type BookingCount = components['schemas']['BookingCount']
export type NewBookingBody = components['schemas']['NewBookingBody']
