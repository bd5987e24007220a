/** The bell button's id: the popover (BellPopover, loaded on the first click) anchors to it and returns focus to it. */
export const BELL_TRIGGER_ID = 'notification-bell'
export const BELL_CONTENT_ID = 'notification-bell-popover'
