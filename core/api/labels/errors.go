package labels

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Field errors, formatted as k8s.io/apimachinery/pkg/util/validation/field
// formats them ("<path>: Invalid value: <value>: <detail>"), and gathered as
// ErrorList.ToAggregate gathers them. Requirements are built without a field
// path, so paths here are relative ("key", "values[0]") or, where upstream
// passes a nil *field.Path, the literal "<nil>".

// nilPath is what a nil *field.Path prints as.
const nilPath = "<nil>"

// invalidValue formats a field.Invalid error for a string value.
func invalidValue(path, value, detail string) string {
	return path + ": Invalid value: " + strconv.Quote(value) + ": " + detail
}

// invalidValues formats a field.Invalid error whose value is a []string:
// upstream falls back to %#v for it (`[]string{"a", "b"}`).
func invalidValues(path string, values []string, detail string) string {
	return fmt.Sprintf("%s: Invalid value: %#v: %s", path, values, detail)
}

// keyError validates a label key (labels.validateLabelKey). The reasons are
// joined with "; " into one field error.
func keyError(path, key string) string {
	if errs := naming.IsQualifiedName(key); len(errs) > 0 {
		return invalidValue(path, key, strings.Join(errs, "; "))
	}
	return ""
}

// valueError validates a label value (labels.validateLabelValue); upstream
// subscripts the path with the key, giving "values[0][app]".
func valueError(path, key, value string) string {
	if errs := naming.IsValidLabelValue(value); len(errs) > 0 {
		return invalidValue(path+"["+key+"]", value, strings.Join(errs, "; "))
	}
	return ""
}

// AggregateError is a list of validation failures reported together, like
// upstream's utilerrors.Aggregate built by ErrorList.ToAggregate.
type AggregateError struct {
	msgs []string
}

// newAggregate drops empty and repeated messages (ToAggregate deduplicates)
// and returns nil when nothing is left.
func newAggregate(msgs []string) error {
	var kept []string
	for _, m := range msgs {
		if m != "" && !contains(kept, m) {
			kept = append(kept, m)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return &AggregateError{msgs: kept}
}

// Error prints one failure bare and several as "[a, b]", as upstream does.
func (e *AggregateError) Error() string {
	if len(e.msgs) == 1 {
		return e.msgs[0]
	}
	return "[" + strings.Join(e.msgs, ", ") + "]"
}

// errors returns the individual messages.
func (e *AggregateError) errors() []string {
	return append([]string(nil), e.msgs...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
