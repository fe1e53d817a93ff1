package kubectl

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Complete returns the candidates for the last word of a kubectl command
// line: args are the words after "kubectl" before it, last is the word
// being typed (possibly ""). Commands, subcommands and flags come from the
// command tree itself (cobra's __complete walks the same tree); resource
// types from the API's kinds; object names from names, which lists the
// objects of one kind the console can see. The result is unsorted and
// unfiltered: the caller keeps the candidates that start with last.
func Complete(args []string, last string, names func(*api.KindInfo) []string) []string {
	root := newRootCommand()
	c, rest := root.find(args)
	if strings.HasPrefix(last, "-") {
		return flagWords(c)
	}
	pos := c.stripFlags(rest)
	if len(c.children) > 0 && len(pos) == 0 {
		return childWords(c)
	}
	if c == root || c.unavailable {
		return nil
	}
	return argWords(c, pos, last, names)
}

// childWords are the names of the commands under c that the playground
// runs (an unavailable one would only answer that it is not available).
func childWords(c *command) []string {
	var out []string
	for _, ch := range c.children {
		if !ch.unavailable {
			out = append(out, ch.name)
		}
	}
	return out
}

// completedGlobals are the global flags that mean something here, the
// ones the console offers besides the command's own.
var completedGlobals = []string{"namespace", "request-timeout"}

// flagWords are the spellings of c's flags: --name for a flag that needs
// no value, --name= for one that does, and the -x shorthands.
func flagWords(c *command) []string {
	defs := slices.Clone(c.flags)
	for _, d := range globalFlags {
		if slices.Contains(completedGlobals, d.name) {
			defs = append(defs, d)
		}
	}
	var out []string
	for _, d := range defs {
		if d.deprecated != "" {
			continue
		}
		if d.kind == kindBool || d.noOptDef != "" {
			out = append(out, "--"+d.name)
		} else {
			out = append(out, "--"+d.name+"=")
		}
		if d.shorthand != "" {
			out = append(out, "-"+d.shorthand)
		}
	}
	return out
}

// argWords completes a positional argument of c (the commands'
// ValidArgsFunction upstream): given pos, the positional words before it.
func argWords(c *command, pos []string, last string, names func(*api.KindInfo) []string) []string {
	switch c.path() {
	case "kubectl cordon", "kubectl uncordon", "kubectl drain":
		return names(api.KindOf(&api.Node{}))
	case "kubectl exec":
		return names(api.KindOf(&api.Pod{}))
	case "kubectl taint":
		// NewCmdTaint's ValidArgsFunction: "node", then the names of the
		// type given; the taint specs are not completed.
		switch len(pos) {
		case 0:
			return []string{"node"}
		case 1:
			if k, ok := api.LookupResource(pos[0]); ok {
				return names(k)
			}
		}
		return nil
	case "kubectl logs":
		// POD, or TYPE/NAME below.
		if len(pos) == 0 && !strings.Contains(last, "/") {
			return names(api.KindOf(&api.Pod{}))
		}
	case "kubectl top node":
		if len(pos) == 0 {
			return names(api.KindOf(&api.Node{}))
		}
		return nil
	case "kubectl top pod":
		if len(pos) == 0 {
			return names(api.KindOf(&api.Pod{}))
		}
		return nil
	}
	if slices.Contains(noArgCompletion, c.path()) {
		return nil
	}
	// TYPE, then NAME (or TYPE/NAME in one word).
	if len(pos) == 0 {
		if t, _, ok := strings.Cut(last, "/"); ok {
			if k, found := api.LookupResource(t); found {
				var out []string
				for _, n := range names(k) {
					out = append(out, t+"/"+n)
				}
				return out
			}
		}
		return resourceWords(c.name)
	}
	if k, ok := api.LookupResource(pos[0]); ok {
		return names(k)
	}
	return nil
}

// noArgCompletion are the commands whose arguments are not objects of the
// cluster: their objects come from -f files, or they make a name up.
var noArgCompletion = []string{
	"kubectl apply", "kubectl create deployment", "kubectl create namespace", "kubectl diff", "kubectl replace",
	"kubectl run", "kubectl version", "kubectl api-resources", "kubectl api-versions", "kubectl cluster-info",
	"kubectl events", "kubectl help",
}

// resourceWords are the resource type spellings kubectl accepts: plural,
// singular and short names, and the TYPE/ prefix form.
func resourceWords(cmd string) []string {
	var out []string
	for _, k := range api.Kinds() {
		if k.Kind == "Event" && cmd != "get" {
			continue
		}
		out = append(out, k.Resource, k.Singular, k.Resource+"/", k.Singular+"/")
		for _, sn := range k.ShortNames {
			out = append(out, sn, sn+"/")
		}
	}
	if cmd == "get" {
		out = append(out, "all")
	}
	return out
}
