package kubectl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// This file models github.com/spf13/pflag as cobra uses it for kubectl:
// FlagSet.parseArgs, parseLongArg, parseSingleShortArg and the Value types'
// Set, with pflag's error texts. kubectl normalises "_" in flag names to "-"
// (cliflag.WordSepNormalizeFunc).

type flagKind int

const (
	kindBool flagKind = iota
	kindString
	kindInt   // int (pflag IntVar): 64-bit parse
	kindInt32 // int32 (pflag Int32Var)
	kindInt64
	kindDuration
	kindStringSlice // comma-separated, repeatable (StringSliceVar)
	kindStringArray // repeatable, no splitting (StringArrayVar)
)

// flagDef declares one flag.
type flagDef struct {
	name       string
	shorthand  string
	kind       flagKind
	def        string // default, in its string form
	noOptDef   string // value when given without one ("true" for bools)
	deprecated string // pflag's Deprecated message
}

// flag is a declared flag and what the command line set it to.
type flag struct {
	flagDef
	changed bool
	str     string
	b       bool
	i       int64
	d       time.Duration
	list    []string
}

func (f *flag) set(value string) error {
	switch f.kind {
	case kindBool:
		v, err := strconv.ParseBool(value)
		if err != nil {
			return err
		}
		f.b = v
	case kindString:
		f.str = value
	case kindInt, kindInt64:
		v, err := strconv.ParseInt(value, 0, 64)
		if err != nil {
			return err
		}
		f.i = v
	case kindInt32:
		v, err := strconv.ParseInt(value, 0, 32)
		if err != nil {
			return err
		}
		f.i = v
	case kindDuration:
		v, err := time.ParseDuration(value)
		if err != nil {
			return err
		}
		f.d = v
	case kindStringSlice:
		var vals []string
		if value != "" {
			vals = strings.Split(value, ",")
		}
		if !f.changed {
			f.list = vals
		} else {
			f.list = append(f.list, vals...)
		}
	case kindStringArray:
		if !f.changed {
			f.list = []string{value}
		} else {
			f.list = append(f.list, value)
		}
	}
	f.str = value
	return nil
}

// flagSet is a command's flags (its own and the inherited persistent ones)
// and the result of parsing its command line.
type flagSet struct {
	byName  map[string]*flag
	byShort map[byte]*flag
	order   []*flag
	// args are the positional arguments; argsLenAtDash is len(args) when
	// "--" was seen, -1 otherwise (cobra's ArgsLenAtDash).
	args          []string
	argsLenAtDash int
	// setOrder lists the flags in the order the command line set them
	// (for --record's change-cause).
	setOrder []*flag
	// deprecations are pflag's "Flag --x has been deprecated, ..." lines.
	deprecations []string
}

func newFlagSet() *flagSet {
	return &flagSet{byName: map[string]*flag{}, byShort: map[byte]*flag{}, argsLenAtDash: -1}
}

func (fs *flagSet) add(d flagDef) {
	if _, dup := fs.byName[d.name]; dup {
		return // a local flag shadows a persistent one of the same name
	}
	if d.kind == kindBool && d.noOptDef == "" {
		d.noOptDef = "true"
	}
	f := &flag{flagDef: d}
	// Defaults are set through the Value, as pflag does.
	if d.def != "" || d.kind == kindString {
		_ = f.set(d.def)
	}
	f.changed = false
	fs.byName[d.name] = f
	fs.order = append(fs.order, f)
	if d.shorthand != "" {
		fs.byShort[d.shorthand[0]] = f
	}
}

func normalizeFlagName(name string) string { return strings.ReplaceAll(name, "_", "-") }

// errHelp is pflag.ErrHelp: -h or --help was given.
var errHelp = errors.New("pflag: help requested")

// parse parses the arguments after the command path (FlagSet.parseArgs,
// interspersed flags and positional arguments).
func (fs *flagSet) parse(args []string) error {
	for len(args) > 0 {
		s := args[0]
		args = args[1:]
		if len(s) == 0 || s[0] != '-' || len(s) == 1 {
			fs.args = append(fs.args, s)
			continue
		}
		var err error
		if s[1] == '-' {
			if len(s) == 2 { // "--" terminates the flags
				fs.argsLenAtDash = len(fs.args)
				fs.args = append(fs.args, args...)
				break
			}
			args, err = fs.parseLong(s, args)
		} else {
			shorthands := s[1:]
			for len(shorthands) > 0 && err == nil {
				shorthands, args, err = fs.parseShort(shorthands, args)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (fs *flagSet) parseLong(s string, args []string) ([]string, error) {
	name := s[2:]
	if len(name) == 0 || name[0] == '-' || name[0] == '=' {
		return args, fmt.Errorf("bad flag syntax: %s", s)
	}
	name, value, hasValue := strings.Cut(name, "=")
	f, ok := fs.byName[normalizeFlagName(name)]
	if !ok {
		if name == "help" {
			return args, errHelp
		}
		return args, fmt.Errorf("unknown flag: --%s", name)
	}
	switch {
	case hasValue:
	case f.noOptDef != "":
		value = f.noOptDef
	case len(args) > 0:
		value, args = args[0], args[1:]
	default:
		return args, fmt.Errorf("flag needs an argument: %s", s)
	}
	return args, fs.setFlag(f, value)
}

func (fs *flagSet) parseShort(shorthands string, args []string) (string, []string, error) {
	c := shorthands[0]
	rest := shorthands[1:]
	f, ok := fs.byShort[c]
	if !ok {
		if c == 'h' {
			return "", args, errHelp
		}
		return "", args, fmt.Errorf("unknown shorthand flag: %q in -%s", c, shorthands)
	}
	var value string
	switch {
	case len(shorthands) > 2 && shorthands[1] == '=':
		value, rest = shorthands[2:], ""
	case f.noOptDef != "":
		value = f.noOptDef
	case len(shorthands) > 1:
		value, rest = shorthands[1:], ""
	case len(args) > 0:
		value, args = args[0], args[1:]
	default:
		return "", args, fmt.Errorf("flag needs an argument: %q in -%s", c, shorthands)
	}
	return rest, args, fs.setFlag(f, value)
}

// setFlag is FlagSet.Set: the Value's error is wrapped with the flag's
// names, and a deprecated flag announces itself.
func (fs *flagSet) setFlag(f *flag, value string) error {
	if err := f.set(value); err != nil {
		name := "--" + f.name
		if f.shorthand != "" {
			name = "-" + f.shorthand + ", --" + f.name
		}
		return fmt.Errorf("invalid argument %q for %q flag: %v", value, name, err)
	}
	f.changed = true
	fs.setOrder = append(fs.setOrder, f)
	if f.deprecated != "" {
		fs.deprecations = append(fs.deprecations, fmt.Sprintf("Flag --%s has been deprecated, %s", f.name, f.deprecated))
	}
	return nil
}

// Accessors. Asking for an undeclared flag is a programming error; they
// return zero values so that it cannot panic.

func (fs *flagSet) lookup(name string) *flag {
	if f, ok := fs.byName[name]; ok {
		return f
	}
	return &flag{}
}

func (fs *flagSet) changed(name string) bool           { return fs.lookup(name).changed }
func (fs *flagSet) bool(name string) bool              { return fs.lookup(name).b }
func (fs *flagSet) string(name string) string          { return fs.lookup(name).str }
func (fs *flagSet) int(name string) int64              { return fs.lookup(name).i }
func (fs *flagSet) duration(name string) time.Duration { return fs.lookup(name).d }
func (fs *flagSet) strings(name string) []string       { return fs.lookup(name).list }

// hasNoOptDefVal reports whether a long flag takes no separate value
// (cobra's hasNoOptDefVal, used while looking for the subcommand).
func (fs *flagSet) hasNoOptDefVal(name string) bool {
	f, ok := fs.byName[normalizeFlagName(name)]
	return ok && f.noOptDef != ""
}

func (fs *flagSet) shortHasNoOptDefVal(name string) bool {
	if name == "" {
		return false
	}
	f, ok := fs.byShort[name[0]]
	return ok && f.noOptDef != ""
}
