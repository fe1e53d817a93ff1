package labels

// Operator relates a requirement's key to its values. The values are
// upstream's selection.Operator strings, which appear in error messages.
type Operator string

const (
	DoesNotExist Operator = "!"
	Equals       Operator = "="
	DoubleEquals Operator = "=="
	In           Operator = "in"
	NotEquals    Operator = "!="
	NotIn        Operator = "notin"
	Exists       Operator = "exists"
	GreaterThan  Operator = "gt"
	LessThan     Operator = "lt"
)

// binaryOperators and validOperators list the operators in upstream's order,
// which the "expected: ..." and "supported values: ..." messages show.
var (
	binaryOperators = []Operator{In, NotIn, Equals, DoubleEquals, NotEquals, GreaterThan, LessThan}
	validOperators  = append(append([]Operator(nil), binaryOperators...), Exists, DoesNotExist)
)
