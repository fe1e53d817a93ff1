package labels

import (
	"errors"
	"slices"
	"strings"
)

// The selector parser (labels.Parser upstream), a recursive descent over
// the token list:
//
//	<selector>    ::= <requirement> | <requirement> "," <selector>
//	<requirement> ::= [!] KEY [ <set-based> | <exact-match> ]
//	<set-based>   ::= ("in" | "notin") "(" VALUE { "," VALUE } ")"
//	<exact-match> ::= ("=" | "==" | "!=" | ">" | "<") VALUE
//
// Values may be empty ("x=", "x in (a,)"); "in"/"notin" are ordinary words
// wherever a key or value is expected ("notin=in").

// Parse parses a selector in kubectl's `-l` syntax, e.g.
// "app=web,tier!=db,env in (a,b),!canary". The empty string selects
// everything. Errors are upstream's texts.
func Parse(selector string) (Selector, error) {
	p := parser{toks: lexAll(selector)}
	reqs, err := p.parse()
	if err != nil {
		return nil, err
	}
	sortByKey(reqs)
	return reqs, nil
}

type parser struct {
	toks []token
	pos  int
}

// context says whether the keywords in/notin are operators here, or just
// words (where a key or value is expected).
type context int

const (
	keyAndOperator context = iota
	values
)

func (p *parser) peek(ctx context) token {
	t := p.toks[p.pos]
	if ctx == values && (t.kind == tokIn || t.kind == tokNotIn) {
		t.kind = tokIdent
	}
	return t
}

func (p *parser) next(ctx context) token {
	t := p.peek(ctx)
	p.pos++
	return t
}

func (p *parser) parse() (reqSelector, error) {
	reqs := reqSelector{}
	for {
		switch t := p.peek(values); t.kind {
		case tokEnd:
			return reqs, nil
		case tokIdent, tokNot:
			r, err := p.requirement()
			if err != nil {
				return nil, errors.New("unable to parse requirement: " + err.Error())
			}
			reqs = append(reqs, *r)
			switch after := p.next(values); after.kind {
			case tokEnd:
				return reqs, nil
			case tokComma:
				if t2 := p.peek(values); t2.kind != tokIdent && t2.kind != tokNot {
					return nil, errors.New("found '" + t2.lit + "', expected: identifier after ','")
				}
			default:
				return nil, errors.New("found '" + after.lit + "', expected: ',' or 'end of string'")
			}
		default:
			return nil, errors.New("found '" + t.lit + "', expected: !, identifier, or 'end of string'")
		}
	}
}

// requirement parses one term and validates it with NewRequirement.
func (p *parser) requirement() (*Requirement, error) {
	key, op, err := p.keyAndInferredOperator()
	if err != nil {
		return nil, err
	}
	if op == Exists || op == DoesNotExist {
		return NewRequirement(key, op, []string{})
	}
	if op, err = p.operator(); err != nil {
		return nil, err
	}
	var vals []string
	if op == In || op == NotIn {
		vals, err = p.valueSet()
	} else {
		vals, err = p.exactValue()
	}
	if err != nil {
		return nil, err
	}
	// Upstream collects values in a string set: sorted, deduplicated.
	slices.Sort(vals)
	return NewRequirement(key, op, slices.Compact(vals))
}

// keyAndInferredOperator reads "[!] KEY" and infers exists / does-not-exist
// when no operator follows. A "!" that is followed by an operator still
// yields does-not-exist; the operator then fails as unexpected trailing
// input ("!x=a": found '=', expected: ',' or 'end of string').
func (p *parser) keyAndInferredOperator() (string, Operator, error) {
	var op Operator
	t := p.next(values)
	if t.kind == tokNot {
		op = DoesNotExist
		t = p.next(values)
	}
	if t.kind != tokIdent {
		return "", "", errors.New("found '" + t.lit + "', expected: identifier")
	}
	// Upstream validates the key here with a nil field path, before
	// NewRequirement would report it as "key: ...".
	if msg := keyError(nilPath, t.lit); msg != "" {
		return "", "", errors.New(msg)
	}
	if k := p.peek(values).kind; (k == tokEnd || k == tokComma) && op != DoesNotExist {
		op = Exists
	}
	return t.lit, op, nil
}

// operatorTokens maps the binary operator tokens to operators.
var operatorTokens = map[tokenKind]Operator{
	tokIn: In, tokNotIn: NotIn, tokEquals: Equals, tokDoubleEquals: DoubleEquals,
	tokNotEquals: NotEquals, tokGreater: GreaterThan, tokLess: LessThan,
}

// expectedOperators is the "expected: ..." list, in upstream's order.
var expectedOperators = func() string {
	names := make([]string, len(binaryOperators))
	for i, op := range binaryOperators {
		names[i] = string(op)
	}
	return strings.Join(names, ", ")
}()

func (p *parser) operator() (Operator, error) {
	t := p.next(keyAndOperator)
	if op, ok := operatorTokens[t.kind]; ok {
		return op, nil
	}
	return "", errors.New("found '" + t.lit + "', expected: " + expectedOperators)
}

// valueSet reads "(" values ")". "()" means the single empty value.
func (p *parser) valueSet() ([]string, error) {
	if t := p.next(values); t.kind != tokOpenPar {
		return nil, errors.New("found '" + t.lit + "' expected: '('")
	}
	switch first := p.peek(values); first.kind {
	case tokIdent, tokComma:
		vals, err := p.valueList()
		if err != nil {
			return nil, err
		}
		// valueList only succeeds in front of ")", so this cannot fail;
		// upstream's message (naming the first value) is kept regardless.
		if t := p.next(values); t.kind != tokClosePar {
			return nil, errors.New("found '" + first.lit + "', expected: ')'")
		}
		return vals, nil
	case tokClosePar:
		p.next(values)
		return []string{""}, nil
	default:
		return nil, errors.New("found '" + first.lit + "', expected: ',', ')' or identifier")
	}
}

// valueList reads comma-separated values, any of which may be empty
// ("(,a)", "(a,,b)", "(a,)"), stopping in front of ")".
func (p *parser) valueList() ([]string, error) {
	var vals []string
	for {
		switch t := p.next(values); t.kind {
		case tokIdent:
			vals = append(vals, t.lit)
			switch after := p.peek(values); after.kind {
			case tokComma:
				continue
			case tokClosePar:
				return vals, nil
			default:
				return nil, errors.New("found '" + after.lit + "', expected: ',' or ')'")
			}
		case tokComma:
			if len(vals) == 0 {
				vals = append(vals, "") // "(,": empty first value
			}
			switch p.peek(values).kind {
			case tokClosePar:
				return append(vals, ""), nil // ",)": empty last value
			case tokComma:
				vals = append(vals, "") // ",,": empty value between
			}
		default:
			return nil, errors.New("found '" + t.lit + "', expected: ',', or identifier")
		}
	}
}

// exactValue reads the single value of =, ==, !=, >, <; it may be empty
// when the requirement ends right there ("x=", "x=,y").
func (p *parser) exactValue() ([]string, error) {
	if k := p.peek(values).kind; k == tokEnd || k == tokComma {
		return []string{""}, nil
	}
	t := p.next(values)
	if t.kind != tokIdent {
		return nil, errors.New("found '" + t.lit + "', expected: identifier")
	}
	return []string{t.lit}, nil
}
