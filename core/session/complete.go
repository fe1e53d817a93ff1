package session

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// kubectlCommands are the commands the console completes, with their
// subcommands. (core/kubectl keeps its command tree unexported; this list
// names the commands it implements.)
var kubectlCommands = map[string][]string{
	"annotate": nil, "api-resources": nil, "api-versions": nil, "apply": nil, "cluster-info": nil, "cordon": nil, "create": {"deployment", "namespace"},
	"delete": nil, "describe": nil, "diff": nil, "drain": nil, "events": nil, "exec": nil, "expose": nil, "get": nil, "label": nil, "logs": nil,
	"patch": nil, "replace": nil, "rollout": {"history", "pause", "restart", "resume", "status", "undo"},
	"scale": nil, "set": {"image", "resources"}, "taint": nil, "top": {"node", "pod"}, "uncordon": nil, "version": nil, "wait": nil,
}

// verbs of the console besides kubectl.
var consoleVerbs = []string{"back", "controller-manager", "help", "image", "jump", "kubectl", "node", "reset", "step", "tick"}

// Complete returns the completions of the last word of a console line, in
// order: commands, subcommands, resource types ("deployments", "deploy",
// "deployment/") and the names of objects of the live cluster (the head's).
// The page completes the longest common prefix and lists the rest.
func (s *Session) Complete(line string) []string {
	words := strings.Fields(line)
	if line == "" || strings.HasSuffix(line, " ") {
		words = append(words, "")
	}
	last := words[len(words)-1]
	prev := words[:len(words)-1]
	var cands []string
	switch {
	case len(prev) == 0:
		cands = consoleVerbs
	case prev[0] == "node" && len(prev) == 1:
		cands = []string{"add", "delete", "fail", "recover"}
	case prev[0] == "node" && len(prev) == 2:
		cands = s.names(kindNode)
	case prev[0] == "controller-manager" && len(prev) == 1:
		cands = []string{"start", "stop"}
	case prev[0] == "kubectl" || prev[0] == "k":
		cands = s.kubectlCompletions(prev[1:], last)
	}
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, last) && c != "" {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (s *Session) kubectlCompletions(args []string, last string) []string {
	var pos []string // positional words so far
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			pos = append(pos, a)
		}
	}
	if strings.HasPrefix(last, "-") {
		return []string{"--all-namespaces", "--namespace=", "--output=wide", "--output=yaml", "--replicas=",
			"--selector=", "--show-labels", "--to-revision=", "--watch", "-A", "-f", "-l", "-n", "-o", "-w"}
	}
	if len(pos) == 0 {
		out := make([]string, 0, len(kubectlCommands))
		for c := range kubectlCommands {
			out = append(out, c)
		}
		return out
	}
	cmd := pos[0]
	subs := kubectlCommands[cmd]
	rest := pos[1:]
	if len(subs) > 0 {
		if len(rest) == 0 {
			return subs
		}
		rest = rest[1:]
	}
	switch cmd {
	case "cordon", "uncordon", "drain":
		return s.names(kindNode)
	case "exec":
		return s.names(kindPod)
	case "taint":
		// NewCmdTaint's ValidArgsFunction: "node", then the names of the
		// type given; the taint specs are not completed.
		switch len(rest) {
		case 0:
			return []string{"node"}
		case 1:
			if k, ok := api.LookupResource(rest[0]); ok {
				return s.names(k)
			}
		}
		return nil
	case "logs":
		// POD, or TYPE/NAME below.
		if len(rest) == 0 && !strings.Contains(last, "/") {
			return s.names(kindPod)
		}
	case "top":
		if len(rest) > 0 {
			return nil
		}
		if slices.Contains([]string{"node", "nodes", "no"}, pos[1]) {
			return s.names(kindNode)
		}
		return s.names(kindPod)
	case "apply", "create", "diff", "replace", "version", "api-resources", "api-versions", "cluster-info", "events":
		return nil
	}
	// TYPE, then NAME (or TYPE/NAME in one word).
	if len(rest) == 0 {
		if t, _, ok := strings.Cut(last, "/"); ok {
			if k, found := api.LookupResource(t); found {
				var out []string
				for _, n := range s.names(k) {
					out = append(out, t+"/"+n)
				}
				return out
			}
		}
		return resourceWords(cmd)
	}
	if k, ok := api.LookupResource(rest[0]); ok {
		return s.names(k)
	}
	return nil
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

// names lists the names of one kind's objects in the head's cluster.
func (s *Session) names(k *api.KindInfo) []string {
	if k.Kind == "Event" {
		return nil
	}
	var out []string
	s.w.sim.Informers.Pump()
	for _, o := range s.w.sim.Informers.Lister(k).List("", nil) {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}
