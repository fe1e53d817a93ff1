package session

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl"
)

// verbs of the console besides kubectl.
var consoleVerbs = []string{"back", "controller-manager", "help", "image", "jump", "kubectl", "node", "reset", "step", "tick"}

// Complete returns the completions of the last word of a console line, in
// order: the console's verbs, node actions, and for kubectl what
// kubectl.Complete offers from its own command tree, with the names of the
// objects of the live cluster (the head's).
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
		cands = []string{"kube-api-burst=", "kube-api-qps=", "start", "stop"}
	case prev[0] == "kubectl" || prev[0] == "k":
		cands = kubectl.Complete(prev[1:], last, s.names)
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
