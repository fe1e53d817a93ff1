package field

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ErrorType says why a field is invalid. The values match upstream's
// CauseType strings, which clients see in a Status's details.causes.
type ErrorType string

// The error types of field.ErrorType.
const (
	ErrorTypeNotFound     ErrorType = "FieldValueNotFound"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeTooLong      ErrorType = "FieldValueTooLong"
	ErrorTypeTooMany      ErrorType = "FieldValueTooMany"
	ErrorTypeTooFew       ErrorType = "FieldValueTooFew"
	ErrorTypeInternal     ErrorType = "InternalError"
	ErrorTypeTypeInvalid  ErrorType = "FieldValueTypeInvalid"
	ErrorTypeTooShort     ErrorType = "FieldValueTooShort"
)

// String is the type's canonical phrase ("Invalid value").
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeNotFound:
		return "Not found"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeInvalid, ErrorTypeTypeInvalid:
		return "Invalid value"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeTooLong:
		return "Too long"
	case ErrorTypeTooMany:
		return "Too many"
	case ErrorTypeTooFew:
		return "Too few"
	case ErrorTypeInternal:
		return "Internal error"
	case ErrorTypeTooShort:
		return "Too short"
	default:
		return fmt.Sprintf("<unknown error %q>", string(t))
	}
}

// Error is one field-level validation failure (field.Error).
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// omitValueType marks a BadValue that must not be printed (TooMany with an
// unknown count).
type omitValueType struct{}

var omitValue = omitValueType{}

// Error renders "<field>: <body>".
func (e *Error) Error() string {
	return e.Field + ": " + e.ErrorBody()
}

// ErrorBody renders the message without the field path, as
// field.Error.ErrorBody does in v1.34+ upstream:
//   - Required, Forbidden, TooLong, TooShort and Internal show no value;
//   - int64, int32, float64, float32 and bool print with %v;
//   - a string prints with %q;
//   - anything else prints as JSON (so nil is "null" and a pointer shows
//     what it points to), else via String(), else with %#v.
//
// A detail, if any, follows after ": ".
func (e *Error) ErrorBody() string {
	var s string
	switch e.Type {
	case ErrorTypeRequired, ErrorTypeForbidden, ErrorTypeTooLong, ErrorTypeTooShort, ErrorTypeInternal:
		s = e.Type.String()
	case ErrorTypeInvalid, ErrorTypeTypeInvalid, ErrorTypeNotSupported,
		ErrorTypeNotFound, ErrorTypeDuplicate, ErrorTypeTooMany, ErrorTypeTooFew:
		if e.BadValue == omitValue {
			s = e.Type.String()
			break
		}
		s = e.Type.String() + ": " + renderValue(e.BadValue)
	default:
		s = InternalError(nil, fmt.Errorf("unhandled error code: %s: please report this", e.Type)).ErrorBody()
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// renderValue prints a bad value as upstream's ErrorBody does.
func renderValue(v any) string {
	switch t := v.(type) {
	case int64, int32, float64, float32, bool:
		return fmt.Sprintf("%v", t)
	case string:
		return strconv.Quote(t)
	}
	if b, err := json.Marshal(v); err == nil {
		return string(b)
	}
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%#v", v)
}

// Invalid reports a malformed value.
func Invalid(field *Path, value any, detail string) *Error {
	return &Error{Type: ErrorTypeInvalid, Field: field.String(), BadValue: value, Detail: detail}
}

// typeInvalid reports a value of the wrong schema type.
func typeInvalid(field *Path, value any, detail string) *Error {
	return &Error{Type: ErrorTypeTypeInvalid, Field: field.String(), BadValue: value, Detail: detail}
}

// Required reports a missing value. The value is never printed.
func Required(field *Path, detail string) *Error {
	return &Error{Type: ErrorTypeRequired, Field: field.String(), BadValue: "", Detail: detail}
}

// Forbidden reports a value that is well formed but not allowed here. The
// value is never printed.
func Forbidden(field *Path, detail string) *Error {
	return &Error{Type: ErrorTypeForbidden, Field: field.String(), BadValue: "", Detail: detail}
}

// Duplicate reports a value that must be unique but is not.
func Duplicate(field *Path, value any) *Error {
	return &Error{Type: ErrorTypeDuplicate, Field: field.String(), BadValue: value}
}

// NotFound reports a reference to something that does not exist.
func NotFound(field *Path, value any) *Error {
	return &Error{Type: ErrorTypeNotFound, Field: field.String(), BadValue: value}
}

// NotSupported reports a value outside an enumeration; the detail lists the
// supported values, each quoted: `supported values: "A", "B"`.
func NotSupported[T ~string](field *Path, value any, validValues []T) *Error {
	detail := ""
	if len(validValues) > 0 {
		quoted := make([]string, len(validValues))
		for i, v := range validValues {
			quoted[i] = strconv.Quote(string(v))
		}
		detail = "supported values: " + strings.Join(quoted, ", ")
	}
	return &Error{Type: ErrorTypeNotSupported, Field: field.String(), BadValue: value, Detail: detail}
}

// TooLong reports a value longer than maxLength bytes; the value itself is
// never printed. A negative maxLength gives "value is too long".
func TooLong(field *Path, _ any, maxLength int) *Error {
	msg := "value is too long"
	if maxLength >= 0 {
		msg = fmt.Sprintf("may not be more than %d %s", maxLength, plural(maxLength, "byte", "bytes"))
	}
	return &Error{Type: ErrorTypeTooLong, Field: field.String(), BadValue: "<value omitted>", Detail: msg}
}

// tooLongCharacters is TooLong counted in characters rather than bytes.
func tooLongCharacters(field *Path, _ any, maxLength int) *Error {
	msg := "value is too long"
	if maxLength >= 0 {
		msg = fmt.Sprintf("may not be more than %d %s", maxLength, plural(maxLength, "character", "characters"))
	}
	return &Error{Type: ErrorTypeTooLong, Field: field.String(), BadValue: "<value omitted>", Detail: msg}
}

// TooMany reports a list with more than maxQuantity items. A negative
// actualQuantity hides the count; a negative maxQuantity hides the limit.
func TooMany(field *Path, actualQuantity, maxQuantity int) *Error {
	msg := "has too many items"
	if maxQuantity >= 0 {
		msg = fmt.Sprintf("must have at most %d %s", maxQuantity, plural(maxQuantity, "item", "items"))
	}
	var actual any = omitValue
	if actualQuantity >= 0 {
		actual = actualQuantity
	}
	return &Error{Type: ErrorTypeTooMany, Field: field.String(), BadValue: actual, Detail: msg}
}

// tooFew reports a list with fewer than minQuantity items.
func tooFew(field *Path, actualQuantity, minQuantity int) *Error {
	msg := "has too few items"
	if minQuantity >= 0 {
		msg = fmt.Sprintf("must have at least %d %s", minQuantity, plural(minQuantity, "item", "items"))
	}
	return &Error{Type: ErrorTypeTooFew, Field: field.String(), BadValue: actualQuantity, Detail: msg}
}

// tooShort reports a string shorter than minLength characters.
func tooShort(field *Path, value string, minLength int) *Error {
	msg := "value is too short"
	if minLength >= 0 {
		msg = fmt.Sprintf("must be at least %d %s", minLength, plural(minLength, "character", "characters"))
	}
	return &Error{Type: ErrorTypeTooShort, Field: field.String(), BadValue: value, Detail: msg}
}

// InternalError reports a failure that is not the user's fault. err must be
// non-nil.
func InternalError(field *Path, err error) *Error {
	return &Error{Type: ErrorTypeInternal, Field: field.String(), BadValue: err, Detail: err.Error()}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
