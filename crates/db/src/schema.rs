//! The one portable schema for both backends: BigInt ids, Text for JSON,
//! naive-UTC Timestamp, Bool. Kept by hand; both migration folders must match it.

diesel::table! {
    users (id) {
        id -> BigInt,
        fullname -> Text,
        email -> Text,
        phone -> Text,
        password_hash -> Text,
        role -> Text,
        active -> Bool,
        approved -> Bool,
        featured -> Bool,
        badges -> Text,
        email_verified -> Bool,
        subscription_active -> Bool,
        subscription_expires -> Nullable<Timestamp>,
        payment_status -> Text,
        token_version -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        language -> Text,
    }
}

diesel::table! {
    email_codes (id) {
        id -> BigInt,
        email -> Text,
        purpose -> Text,
        code_hash -> Text,
        attempts -> Integer,
        consumed -> Bool,
        expires_at -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    revoked_tokens (jti) {
        jti -> Text,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    outbox_emails (id) {
        id -> BigInt,
        recipient -> Text,
        subject -> Text,
        body -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        kind -> Text,
        failed_at -> Nullable<Timestamp>,
        /// Extra headers, a JSON object (List-Unsubscribe).
        headers -> Nullable<Text>,
        /// Higher goes first: 2 codes, 1 account notices, 0 the rest.
        priority -> Integer,
        /// Attached files, a JSON array of {filename, contentType, content}.
        attachments -> Nullable<Text>,
    }
}

diesel::table! {
    payment_orders (id) {
        id -> BigInt,
        order_id -> Text,
        /// `None` once the account is deleted: the order is kept as a financial record.
        user_id -> Nullable<BigInt>,
        provider -> Text,
        amount_paise -> BigInt,
        currency -> Text,
        status -> Text,
        session_id -> Nullable<Text>,
        checkout_status -> Nullable<Text>,
        failure -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        paid_at -> Nullable<Timestamp>,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    tuition_requests (id) {
        id -> BigInt,
        parent_id -> BigInt,
        subject -> Text,
        class_level -> Text,
        preferred_time -> Text,
        lat -> Double,
        lng -> Double,
        flagged -> Bool,
        flag_reason -> Nullable<Text>,
        assigned_tutor_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        /// The point tutors see (crates/tuition), and its grid cell; NULL until filled.
        approx_lat -> Nullable<Double>,
        approx_lng -> Nullable<Double>,
        approx_cell -> Nullable<BigInt>,
        /// Set while the parent has closed the request; NULL when open.
        closed_at -> Nullable<Timestamp>,
        /// `found_tutor` or `not_needed`.
        close_outcome -> Nullable<Text>,
        closed_tutor_id -> Nullable<BigInt>,
        /// Vocabulary ids (crates/vocabulary); NULL until filled in at start-up.
        subject_id -> Nullable<Text>,
        class_id -> Nullable<Text>,
        /// A board id; NULL when the parent did not say.
        board -> Nullable<Text>,
        /// `home` or `online`.
        mode -> Text,
    }
}

diesel::table! {
    tuition_interests (request_id, tutor_id) {
        request_id -> BigInt,
        tutor_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    conversations (id) {
        id -> BigInt,
        user_a -> BigInt,
        user_b -> BigInt,
        last_seq -> BigInt,
        last_message_at -> Nullable<Timestamp>,
        a_read_seq -> BigInt,
        b_read_seq -> BigInt,
        created_at -> Timestamp,
        /// Whether user_a (user_b) has sent a message here: the other may then reply.
        a_wrote -> Bool,
        b_wrote -> Bool,
        /// The last seq user_a (user_b) was e-mailed about as unread, and when.
        a_mailed_seq -> BigInt,
        b_mailed_seq -> BigInt,
        a_mailed_at -> Nullable<Timestamp>,
        b_mailed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    messages (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        seq -> BigInt,
        sender_id -> BigInt,
        recipient_id -> BigInt,
        request_id -> Nullable<BigInt>,
        client_id -> Nullable<Text>,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    blocks (blocker_id, blocked_id) {
        blocker_id -> BigInt,
        blocked_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// A person's report about a profile, request, message or interested tutor, and its outcome.
    reports (id) {
        id -> BigInt,
        reporter_id -> BigInt,
        target_kind -> Text,
        target_id -> BigInt,
        reported_id -> BigInt,
        request_id -> Nullable<BigInt>,
        reason -> Text,
        details -> Text,
        outcome -> Nullable<Text>,
        decided_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    chat_tickets (ticket_hash) {
        ticket_hash -> Text,
        user_id -> BigInt,
        expires_at -> Timestamp,
        /// The jti of the token the ticket was issued under.
        session_id -> Nullable<Text>,
    }
}

diesel::table! {
    tutor_profiles (user_id) {
        user_id -> BigInt,
        about -> Text,
        subjects -> Text,
        availability -> Text,
        methodology -> Text,
        testimonials -> Text,
        education -> Text,
        fees -> Text,
        demo_offer -> Text,
        updated_at -> Timestamp,
        /// Rupees per hour; the free-text `fees` keeps the notes.
        fee_per_hour -> Nullable<Integer>,
        /// Stored name of the square profile photo.
        photo -> Nullable<Text>,
    }
}

diesel::table! {
    reviews (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        parent_id -> BigInt,
        rating -> Integer,
        comment -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        /// The reviewed tutor's one public answer, and when they gave it.
        answer -> Nullable<Text>,
        answered_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A parent who stopped sharing their phone and e-mail with one tutor.
    contact_withholds (parent_id, tutor_id) {
        parent_id -> BigInt,
        tutor_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// A tutor's first message to a parent, counted with interests against the daily cap.
    tutor_first_messages (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        parent_id -> BigInt,
        request_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    uploads (id) {
        id -> BigInt,
        filename -> Text,
        original_name -> Text,
        mimetype -> Text,
        size -> BigInt,
        owner_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Accepted uploads of the last hour, counted by the hourly upload limit.
    upload_events (id) {
        id -> BigInt,
        owner_id -> BigInt,
        filename -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    site_documents (name) {
        name -> Text,
        body -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    testimonials (id) {
        id -> BigInt,
        author_id -> Nullable<BigInt>,
        name -> Text,
        text -> Text,
        approved -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    support_tickets (id) {
        id -> BigInt,
        name -> Text,
        email -> Text,
        subject -> Text,
        message -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    assets (id) {
        id -> BigInt,
        filename -> Text,
        original_name -> Text,
        size -> BigInt,
        asset_type -> Text,
        description -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        admin_id -> BigInt,
        admin_email -> Text,
        action -> Text,
        target -> Text,
        details -> Text,
        created_at -> Timestamp,
        /// Where the admin's request came from (the server's client address).
        client_address -> Text,
    }
}

diesel::table! {
    search_events (id) {
        id -> BigInt,
        term -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// The rate limiter's counters (hometutor-limits' `DatabaseStore`).
    rate_limit_counters (bucket_key) {
        bucket_key -> Text,
        count -> Integer,
        window_ends_ms -> BigInt,
    }
}

diesel::table! {
    site_instance (id) {
        id -> BigInt,
        instance_id -> Text,
    }
}

diesel::table! {
    job_leases (name) {
        name -> Text,
        held_until -> Timestamp,
    }
}

diesel::table! {
    /// Where a tutor teaches (crates/tuition `area`).
    tutor_areas (tutor_id) {
        tutor_id -> BigInt,
        lat -> Double,
        lng -> Double,
        radius_km -> Double,
        /// JSON arrays of vocabulary ids (unknown text as `other:<text>`); empty means any.
        subjects -> Text,
        classes -> Text,
        updated_at -> Timestamp,
        /// JSON arrays of board and mode ids; empty means any.
        boards -> Text,
        modes -> Text,
        /// FALSE until start-up has mapped an older area's free text onto the vocabulary.
        vocabulary_mapped -> Bool,
    }
}

diesel::table! {
    /// A parent's invitation of a recommended tutor to a request.
    tuition_invites (request_id, tutor_id) {
        request_id -> BigInt,
        tutor_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Tutor search's candidates: an area under each (subject id or '*', coarse
    /// cell) it can be found by, with its centre and radius (crates/tuition/src/search_index.rs),
    /// and a copy of its tutor's listing that the database keeps (migration 000022).
    tutor_search_index (subject_id, cell, lat, tutor_id) {
        subject_id -> Text,
        cell -> BigInt,
        tutor_id -> BigInt,
        lat -> Double,
        lng -> Double,
        radius_km -> Double,
        /// The subscription's end while the account is listable (role tutor, active, e-mail
        /// verified, subscription flag set), else NULL: listable at `t` when after `t`.
        listed_until -> Nullable<Timestamp>,
        /// Approved by an admin ('verified').
        approved -> Bool,
    }
}

diesel::table! {
    /// The coarse grid cells each tutor area overlaps: the reverse geo index.
    tutor_area_cells (cell, tutor_id) {
        cell -> BigInt,
        tutor_id -> BigInt,
    }
}

diesel::table! {
    notifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        title -> Text,
        body -> Text,
        link -> Nullable<Text>,
        /// JSON object with the kind's own fields.
        data -> Text,
        dedupe_key -> Nullable<Text>,
        digest_pending -> Bool,
        read_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        /// JSON {"title": message, "body": message}: ids and arguments, rendered per reader.
        texts -> Nullable<Text>,
    }
}

diesel::table! {
    notification_preferences (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        /// `off`, `immediate` or (new requests only) `digest`.
        email -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// A tutor's verification submission and an admin's decision (crates/profiles' `verification`).
    verification_submissions (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        id_kind -> Text,
        aadhaar_masked -> Bool,
        qualification -> Text,
        note -> Text,
        status -> Text,
        submitted_at -> Timestamp,
        queued_at -> Timestamp,
        name_changed -> Bool,
        decided_at -> Nullable<Timestamp>,
        decided_by -> Nullable<BigInt>,
        id_checked -> Bool,
        qualification_checked -> Bool,
        police_checked -> Bool,
        reject_reason -> Nullable<Text>,
        reject_text -> Nullable<Text>,
        files_deleted_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// A verification submission's private files (objects under `private/`, never in `uploads`).
    verification_documents (id) {
        id -> BigInt,
        submission_id -> BigInt,
        slot -> Text,
        object_name -> Text,
        original_name -> Text,
        mimetype -> Text,
        size -> BigInt,
        deleted_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Objects in the file store no row referenced when the sweep last looked, and since when
    /// (crates/media's orphan sweep).
    unreferenced_objects (name) {
        name -> Text,
        first_seen_at -> Timestamp,
    }
}

diesel::table! {
    /// A tutor's recurring weekly slots, IST wall clock (see crates/scheduling).
    availability_slots (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        weekday -> Integer,
        start_minute -> Integer,
        end_minute -> Integer,
        time_zone -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// A tutor's time off: IST calendar days, both ends included.
    availability_exceptions (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        first_day -> Date,
        last_day -> Date,
        note -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Demo classes a parent books with a tutor, UTC (see crates/scheduling's bookings).
    bookings (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        parent_id -> BigInt,
        request_id -> Nullable<BigInt>,
        status -> Text,
        awaiting -> Nullable<Text>,
        starts_at -> Nullable<Timestamp>,
        ends_at -> Nullable<Timestamp>,
        subject -> Nullable<Text>,
        subject_id -> Nullable<Text>,
        place -> Nullable<Text>,
        note -> Nullable<Text>,
        decline_reason -> Nullable<Text>,
        cancelled_by -> Nullable<Text>,
        cancel_note -> Nullable<Text>,
        late_cancellation -> Bool,
        reschedule_note -> Nullable<Text>,
        no_show_by -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        /// When the 24-hour reminder was claimed (sent once); cleared when the class moves.
        reminded_day_at -> Nullable<Timestamp>,
        /// When the 1-hour reminder was claimed.
        reminded_hour_at -> Nullable<Timestamp>,
        /// The calendar event's SEQUENCE: rises with each change.
        calendar_sequence -> Integer,
    }
}

diesel::table! {
    /// A user's private calendar feed: its random token (the feed's address).
    calendar_feeds (user_id) {
        user_id -> BigInt,
        token -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// The one to three times a parent proposed, until the tutor picks one.
    booking_proposals (id) {
        id -> BigInt,
        booking_id -> BigInt,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
    }
}

diesel::table! {
    /// Each side's word after a demo: whether it took place, whether they continue.
    booking_outcomes (id) {
        id -> BigInt,
        booking_id -> BigInt,
        side -> Text,
        happened -> Bool,
        continues -> Nullable<Bool>,
        note -> Nullable<Text>,
        answered_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// A demo after which the parent continued: its tutor was assigned to its request.
    booking_assignments (booking_id) {
        booking_id -> BigInt,
        request_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// A tutor's recurring lessons with one family (crates/scheduling's lessons): IST weekdays and time.
    lesson_plans (id) {
        id -> BigInt,
        tutor_id -> BigInt,
        parent_id -> BigInt,
        request_id -> Nullable<BigInt>,
        booking_id -> Nullable<BigInt>,
        subject -> Nullable<Text>,
        subject_id -> Nullable<Text>,
        /// ISO weekdays, comma-separated ('1,3,5').
        weekdays -> Text,
        start_minute -> Integer,
        minutes -> Integer,
        first_day -> Date,
        last_day -> Date,
        /// Whole rupees.
        fee_per_lesson -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// One occurrence of a lesson plan, UTC; its state is read with the clock (see crates/scheduling's lessons).
    lessons (id) {
        id -> BigInt,
        plan_id -> BigInt,
        tutor_id -> BigInt,
        parent_id -> BigInt,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        cancelled_at -> Nullable<Timestamp>,
        cancel_note -> Nullable<Text>,
        parent_answer -> Nullable<Text>,
        answered_at -> Nullable<Timestamp>,
        dispute_note -> Nullable<Text>,
        topic -> Nullable<Text>,
        homework -> Nullable<Text>,
        diary_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(messages -> conversations (conversation_id));
diesel::joinable!(tuition_interests -> tuition_requests (request_id));
diesel::joinable!(tuition_interests -> users (tutor_id));
diesel::joinable!(payment_orders -> users (user_id));
diesel::joinable!(booking_proposals -> bookings (booking_id));
diesel::joinable!(verification_documents -> verification_submissions (submission_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    email_codes,
    revoked_tokens,
    outbox_emails,
    payment_orders,
    tuition_requests,
    tuition_interests,
    conversations,
    messages,
    blocks,
    reports,
    chat_tickets,
    tutor_profiles,
    reviews,
    contact_withholds,
    tutor_first_messages,
    uploads,
    site_documents,
    testimonials,
    support_tickets,
    assets,
    audit_log,
    search_events,
    rate_limit_counters,
    tutor_areas,
    tutor_area_cells,
    notifications,
    notification_preferences,
    verification_submissions,
    verification_documents,
    unreferenced_objects,
    tuition_invites,
    tutor_search_index,
    availability_slots,
    availability_exceptions,
    bookings,
    booking_proposals,
    booking_outcomes,
    booking_assignments,
    lesson_plans,
    lessons
);
