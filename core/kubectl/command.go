package kubectl

import (
	"errors"
	"fmt"
	"strings"
)

// This file models the parts of github.com/spf13/cobra kubectl's behaviour
// depends on: Command.Find (innerfind, stripFlags, legacyArgs), the
// "Did you mean this?" suggestions (SuggestionsFor, ld), flag errors through
// kubectl's FlagErrorFunc (templates.templater), ValidateRequiredFlags, and
// the kubectl main's error printing (cli.RunNoErrOutput + cmdutil.CheckErr).

// runFunc runs a command with its parsed flags and positional arguments.
type runFunc func(e *env, c *command, fs *flagSet, args []string) error

// command is one node of the command tree (cobra.Command).
type command struct {
	name    string
	aliases []string
	short   string
	// usage is the synopsis line kubectl's help shows.
	usage    string
	parent   *command
	children []*command
	flags    []flagDef
	// required flags (MarkFlagRequired).
	required []string
	run      runFunc
	// suggestFor are extra words that suggest this command (SuggestFor).
	suggestFor []string
	// unavailable marks a kubectl command the playground does not
	// simulate: it parses, but help does not list it.
	unavailable bool
	// flagError replaces kubectl's FlagErrorFunc (SetFlagErrorFunc).
	flagError func(c *command, err error) error
}

func (c *command) add(children ...*command) *command {
	for _, ch := range children {
		ch.parent = c
		c.children = append(c.children, ch)
	}
	return c
}

// path is the command path: "kubectl rollout status".
func (c *command) path() string {
	if c.parent == nil {
		return c.name
	}
	return c.parent.path() + " " + c.name
}

func (c *command) root() *command {
	for c.parent != nil {
		c = c.parent
	}
	return c
}

// flagSet returns a fresh flag set with the command's flags and the
// persistent (global) flags of the root.
func (c *command) flagSet() *flagSet {
	fs := newFlagSet()
	for _, d := range c.flags {
		fs.add(d)
	}
	for _, d := range globalFlags {
		fs.add(d)
	}
	return fs
}

func (c *command) child(name string) *command {
	for _, ch := range c.children {
		if ch.name == name {
			return ch
		}
		for _, a := range ch.aliases {
			if a == name {
				return ch
			}
		}
	}
	return nil
}

// find walks the arguments down the tree (Command.Find and innerfind),
// skipping flags and their values on the way, and returns the command and
// the arguments left for it (the command words removed).
func (c *command) find(args []string) (*command, []string) {
	words := c.stripFlags(args)
	if len(words) == 0 {
		return c, args
	}
	next := c.child(words[0])
	if next == nil {
		return c, args
	}
	return next.find(argsMinusFirst(args, words[0]))
}

// stripFlags returns the non-flag words of args, treating the word after a
// flag that needs a value as that value (cobra's stripFlags).
func (c *command) stripFlags(args []string) []string {
	fs := c.flagSet()
	var words []string
	for len(args) > 0 {
		s := args[0]
		args = args[1:]
		switch {
		case s == "--":
			return words
		case strings.HasPrefix(s, "--") && !strings.Contains(s, "=") && !fs.hasNoOptDefVal(s[2:]),
			strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && !strings.Contains(s, "=") && len(s) == 2 && !fs.shortHasNoOptDefVal(s[1:]):
			if len(args) <= 1 {
				return words
			}
			args = args[1:]
		case s != "" && !strings.HasPrefix(s, "-"):
			words = append(words, s)
		}
	}
	return words
}

// argsMinusFirst removes the first occurrence of x that is not a flag's
// value (Command.argsMinusFirstX, simplified to the common case).
func argsMinusFirst(args []string, x string) []string {
	for i, a := range args {
		if a == x {
			out := append([]string{}, args[:i]...)
			return append(out, args[i+1:]...)
		}
	}
	return args
}

// suggestionsFor lists the root's commands near typed: within Levenshtein
// distance 2 (case-insensitive) or starting with it, plus explicit
// SuggestFor words, in the order the commands were added (SuggestionsFor).
func (c *command) suggestionsFor(typed string) []string {
	var out []string
	for _, ch := range c.children {
		if ld(typed, ch.name, true) <= 2 || strings.HasPrefix(strings.ToLower(ch.name), strings.ToLower(typed)) {
			out = append(out, ch.name)
		}
		for _, s := range ch.suggestFor {
			if strings.EqualFold(typed, s) {
				out = append(out, ch.name)
			}
		}
	}
	return out
}

// ld is cobra's Levenshtein distance.
func ld(s, t string, ignoreCase bool) int {
	if ignoreCase {
		s, t = strings.ToLower(s), strings.ToLower(t)
	}
	d := make([][]int, len(s)+1)
	for i := range d {
		d[i] = make([]int, len(t)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for j := 1; j <= len(t); j++ {
		for i := 1; i <= len(s); i++ {
			if s[i-1] == t[j-1] {
				d[i][j] = d[i-1][j-1]
			} else {
				m := d[i-1][j]
				if d[i][j-1] < m {
					m = d[i][j-1]
				}
				if d[i-1][j-1] < m {
					m = d[i-1][j-1]
				}
				d[i][j] = m + 1
			}
		}
	}
	return d[len(s)][len(t)]
}

// execute runs one kubectl invocation and returns its exit code.
func (e *env) execute(args []string) int {
	root := newRootCommand()
	cmd, rest := root.find(args)
	if cmd == root {
		if words := root.stripFlags(rest); len(words) > 0 {
			// kubectl first looks for a plugin (HandlePluginCommand),
			// which refuses flags before the plugin name.
			if strings.HasPrefix(args[0], "-") {
				fmt.Fprintf(e.errOut, "Error: flags cannot be placed before plugin name: %s\n", args[0])
				return 1
			}
			msg := fmt.Sprintf("unknown command %q for %q", words[0], root.path())
			if s := root.suggestionsFor(words[0]); len(s) > 0 {
				msg += "\n\nDid you mean this?\n"
				for _, name := range s {
					msg += "\t" + name + "\n"
				}
			}
			return e.fail(errors.New(msg))
		}
	}
	fs := cmd.flagSet()
	if err := fs.parse(rest); err != nil {
		if err == errHelp {
			e.help(cmd)
			return 0
		}
		if cmd.unavailable {
			// Its flags are not modelled: it says it is unavailable,
			// whatever flags it is given.
			return e.fail(cmd.run(e, cmd, fs, nil))
		}
		if cmd.flagError != nil {
			return e.fail(cmd.flagError(cmd, err))
		}
		// kubectl's FlagErrorFunc (templates.templater).
		return e.fail(fmt.Errorf("%s\nSee '%s --help' for usage.", err, cmd.path()))
	}
	for _, d := range fs.deprecations {
		fmt.Fprintln(e.errOut, d)
	}
	var missing []string
	for _, name := range cmd.required {
		if !fs.changed(name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return e.fail(fmt.Errorf(`required flag(s) "%s" not set`, strings.Join(missing, `", "`)))
	}
	if err := e.global(fs); err != nil {
		return e.fail(err)
	}
	e.cmd, e.fs = cmd, fs
	run := cmd.run
	if run == nil {
		run = defaultSubCommandRun
	}
	if err := run(e, cmd, fs, fs.args); err != nil {
		return e.fail(err)
	}
	return 0
}
