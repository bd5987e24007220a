## Texts that are not a message of the catalogue (a person's own words) pass through this one.
plain-text = { $text }
