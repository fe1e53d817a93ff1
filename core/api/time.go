package api

import (
	"encoding/json"
	"time"
)

// Time is metav1.Time: a timestamp serialised as RFC 3339 in UTC with second
// precision, as the API server stores it. The zero value means "unset" and
// encodes as null: a Time field is a struct, which omitempty never drops, so
// an unset lastProbeTime prints "lastProbeTime: null" as upstream's does.
type Time struct {
	time.Time
}

// NewTime wraps t, truncated to the second like the API server's encoding.
func NewTime(t time.Time) Time { return Time{t.UTC().Truncate(time.Second)} }

// NewTimePtr is NewTime returning a pointer, for optional timestamp fields.
func NewTimePtr(t time.Time) *Time {
	v := NewTime(t)
	return &v
}

// IsZero lets `omitzero` drop an unset metadata.creationTimestamp, the one
// field upstream tags omitzero (kubernetes/kubernetes#130989, v1.34).
func (t Time) IsZero() bool { return t.Time.IsZero() }

// MarshalJSON renders RFC 3339 in UTC, or null when unset.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.Time.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.UTC().Format(time.RFC3339))
}

// UnmarshalJSON accepts RFC 3339 strings and null.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		t.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	pt, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return err
	}
	t.Time = pt.UTC()
	return nil
}

// MarshalJSON renders metav1.MicroTime's format (RFC 3339 with microseconds).
func (t MicroTime) MarshalJSON() ([]byte, error) {
	if t.Time.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.UTC().Format("2006-01-02T15:04:05.000000Z07:00"))
}

// UnmarshalJSON accepts RFC 3339 timestamps with or without fractions.
func (t *MicroTime) UnmarshalJSON(b []byte) error { return t.Time.UnmarshalJSON(b) }
