package labels

import (
	"slices"
	"strconv"
	"strings"
)

// Requirement is one term of a selector: a key, an operator and (for the
// binary operators) values. Build it with NewRequirement; the zero value is
// invalid. It models labels.Requirement.
type Requirement struct {
	key      string
	operator Operator
	// Nearly always one value: a slice beats a set at that size.
	values []string
}

// NewRequirement validates and builds a requirement. Every broken rule is
// reported, in upstream's order, as one aggregated error:
//   - the key must be a qualified name;
//   - in/notin need at least one value;
//   - =, ==, != need exactly one value;
//   - exists and ! need none;
//   - gt/lt need exactly one value, an integer;
//   - every value must be a valid label value.
//
// Values are kept as given (the parser hands them over sorted and
// deduplicated; a LabelSelector's are passed through unchanged).
func NewRequirement(key string, op Operator, values []string) (*Requirement, error) {
	var errs []string
	errs = append(errs, keyError("key", key))
	switch op {
	case In, NotIn:
		if len(values) == 0 {
			errs = append(errs, invalidValues("values", values, "for 'in', 'notin' operators, values set can't be empty"))
		}
	case Equals, DoubleEquals, NotEquals:
		if len(values) != 1 {
			errs = append(errs, invalidValues("values", values, "exact-match compatibility requires one single value"))
		}
	case Exists, DoesNotExist:
		if len(values) != 0 {
			errs = append(errs, invalidValues("values", values, "values set must be empty for exists and does not exist"))
		}
	case GreaterThan, LessThan:
		if len(values) != 1 {
			errs = append(errs, invalidValues("values", values, "for 'Gt', 'Lt' operators, exactly one value is required"))
		}
		for i, v := range values {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				errs = append(errs, invalidValue(indexPath(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"))
			}
		}
	default:
		errs = append(errs, unsupportedOperator(op))
	}
	for i, v := range values {
		errs = append(errs, valueError(indexPath(i), key, v))
	}
	r := &Requirement{key: key, operator: op, values: values}
	return r, newAggregate(errs)
}

func indexPath(i int) string { return "values[" + strconv.Itoa(i) + "]" }

// unsupportedOperator formats field.NotSupported for the operator. The
// operator is a named string type, which upstream prints with %#v: quoted.
func unsupportedOperator(op Operator) string {
	quoted := make([]string, len(validOperators))
	for i, v := range validOperators {
		quoted[i] = strconv.Quote(string(v))
	}
	return "operator: Unsupported value: " + strconv.Quote(string(op)) +
		": supported values: " + strings.Join(quoted, ", ")
}

// Key returns the requirement's label key.
func (r *Requirement) Key() string { return r.key }

// Operator returns the requirement's operator.
func (r *Requirement) Operator() Operator { return r.operator }

// Values returns the requirement's values sorted and without duplicates
// (upstream returns them as a set).
func (r *Requirement) Values() []string {
	out := slices.Clone(r.values)
	slices.Sort(out)
	return slices.Compact(out)
}

// equal reports whether two requirements have the same key, operator and
// values in the same order (Requirement.Equal).
func (r Requirement) equal(x Requirement) bool {
	return r.key == x.key && r.operator == x.operator && slices.Equal(r.values, x.values)
}

// Matches reports whether the labels satisfy the requirement. Note the
// upstream semantics a reader might not expect:
//   - notin and != match when the key is absent;
//   - in, = and == never match an absent key, not even against "";
//   - gt/lt compare base-10 int64s and fail on anything unparsable.
func (r *Requirement) Matches(ls Labels) bool {
	switch r.operator {
	case In, Equals, DoubleEquals:
		v, ok := ls.Lookup(r.key)
		return ok && slices.Contains(r.values, v)
	case NotIn, NotEquals:
		v, ok := ls.Lookup(r.key)
		return !ok || !slices.Contains(r.values, v)
	case Exists:
		return ls.Has(r.key)
	case DoesNotExist:
		return !ls.Has(r.key)
	case GreaterThan, LessThan:
		v, ok := ls.Lookup(r.key)
		if !ok || len(r.values) != 1 {
			return false
		}
		have, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return false
		}
		want, err := strconv.ParseInt(r.values[0], 10, 64)
		if err != nil {
			return false
		}
		if r.operator == GreaterThan {
			return have > want
		}
		return have < want
	}
	return false
}

// String renders the requirement in selector syntax: "!k", "k", "k=v",
// "k==v", "k!=v", "k>1", "k<1", "k in (a,b)", "k notin (a,b)". Several
// values print sorted, without changing the requirement (Requirement.String).
func (r *Requirement) String() string {
	var sb strings.Builder
	if r.operator == DoesNotExist {
		sb.WriteByte('!')
	}
	sb.WriteString(r.key)
	switch r.operator {
	case Exists, DoesNotExist:
		return sb.String()
	case Equals, DoubleEquals, NotEquals:
		sb.WriteString(string(r.operator))
	case GreaterThan:
		sb.WriteByte('>')
	case LessThan:
		sb.WriteByte('<')
	case In, NotIn:
		sb.WriteString(" " + string(r.operator) + " (")
	}
	values := r.values
	if len(values) > 1 && !slices.IsSorted(values) {
		values = slices.Sorted(slices.Values(values))
	}
	sb.WriteString(strings.Join(values, ","))
	if r.operator == In || r.operator == NotIn {
		sb.WriteByte(')')
	}
	return sb.String()
}
