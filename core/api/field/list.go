package field

import "strings"

// ErrorList is a list of field errors, in the order validation found them.
type ErrorList []*Error

// ToAggregate turns the list into one error, as ErrorList.ToAggregate does
// upstream: errors whose text repeats an earlier one are dropped, and an
// empty list gives nil.
func (list ErrorList) ToAggregate() Aggregate {
	if len(list) == 0 {
		return nil
	}
	seen := make(map[string]bool, len(list))
	errs := make([]error, 0, len(list))
	for _, e := range list {
		if e == nil {
			continue
		}
		msg := e.Error()
		if seen[msg] {
			continue
		}
		seen[msg] = true
		errs = append(errs, e)
	}
	return NewAggregate(errs)
}

// filter returns the errors for which no matcher returns true.
func (list ErrorList) filter(matchers ...func(*Error) bool) ErrorList {
	var out ErrorList
next:
	for _, e := range list {
		for _, m := range matchers {
			if m(e) {
				continue next
			}
		}
		out = append(out, e)
	}
	return out
}

// newErrorTypeMatcher matches errors of type t, for filter.
func newErrorTypeMatcher(t ErrorType) func(*Error) bool {
	return func(e *Error) bool { return e.Type == t }
}

// Aggregate is several errors reported as one (utilerrors.Aggregate).
type Aggregate interface {
	error
	Errors() []error
}

// NewAggregate wraps errs, dropping nils; it returns nil if none is left.
func NewAggregate(errs []error) Aggregate {
	var kept aggregate
	for _, e := range errs {
		if e != nil {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

type aggregate []error

// Error prints a single error as itself and several as "[a, b]", skipping
// texts already printed, as utilerrors.aggregate.Error does.
func (agg aggregate) Error() string {
	if len(agg) == 1 {
		return agg[0].Error()
	}
	seen := map[string]bool{}
	var parts []string
	for _, e := range agg {
		msg := e.Error()
		if seen[msg] {
			continue
		}
		seen[msg] = true
		parts = append(parts, msg)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Errors returns the wrapped errors.
func (agg aggregate) Errors() []error { return []error(agg) }
