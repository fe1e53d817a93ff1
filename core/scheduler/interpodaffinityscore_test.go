package scheduler

import (
	"slices"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// InterPodAffinity's score (interpodaffinity.go), one PreScore, Score and
// NormalizeScore at a time. The nodes: n1 and n2 in zone a, n3 in zone b.
// Each case's comment works its numbers out as upstream's scoring.go does:
// the weights each existing pod adds to the domain of its node
// (processExistingPod), each node's sum over the domains it lies in
// (Score), then 100 * (raw - min) / (max - min) truncated, over the
// feasible nodes (NormalizeScore), 0 everywhere when max = min.
func TestInterPodAffinityScore(t *testing.T) {
	const host, zone = labelHostname, "zone"
	node := func(name, z string) *api.Node {
		return &api.Node{ObjectMeta: api.ObjectMeta{Name: name, Labels: map[string]string{host: name, zone: z}}}
	}
	nodes := []*api.Node{node("n1", "a"), node("n2", "a"), node("n3", "b")}
	nodeOf := func(name string) *api.Node {
		for _, n := range nodes {
			if n.Name == name {
				return n
			}
		}
		return nil
	}
	term := func(app, key string) api.PodAffinityTerm {
		return api.PodAffinityTerm{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": app}}, TopologyKey: key}
	}
	weighted := func(w int32, t api.PodAffinityTerm) []api.WeightedPodAffinityTerm {
		return []api.WeightedPodAffinityTerm{{Weight: w, PodAffinityTerm: t}}
	}
	// pod is a pod labelled app, bound to onNode unless it is "".
	pod := func(name, app, onNode string) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: "uid-" + name, Labels: map[string]string{"app": app}},
			Spec: api.PodSpec{NodeName: onNode}}
	}
	withAffinity := func(p *api.Pod, a *api.Affinity) *api.Pod {
		p.Spec.Affinity = a
		return p
	}
	prefers := func(p *api.Pod, affinity, anti []api.WeightedPodAffinityTerm) *api.Pod {
		a := &api.Affinity{}
		if affinity != nil {
			a.PodAffinity = &api.PodAffinity{PreferredDuringSchedulingIgnoredDuringExecution: affinity}
		}
		if anti != nil {
			a.PodAntiAffinity = &api.PodAntiAffinity{PreferredDuringSchedulingIgnoredDuringExecution: anti}
		}
		return withAffinity(p, a)
	}
	otherNS := pod("other", "web", "n1")
	otherNS.Namespace = "team"
	inTeam := term("web", host)
	inTeam.Namespaces = []string{"team"}

	cases := []struct {
		name     string
		incoming *api.Pod
		existing []*api.Pod
		feasible []string // nil: all three
		want     []int64  // -1: the plugin is skipped
	}{{
		// n1 -100 (web there, anti weight 100), n2 0, n3 0: min -100, max 0;
		// n1 100*0/100 = 0, n2 and n3 100*100/100 = 100.
		name:     "preferred anti-affinity on the hostname",
		incoming: prefers(pod("in", "web", ""), nil, weighted(100, term("web", host))),
		existing: []*api.Pod{pod("web-0", "web", "n1")},
		want:     []int64{0, 100, 100},
	}, {
		// zone b +50 (cache on n3): n1 0, n2 0, n3 50; min 0, max 50.
		name:     "preferred affinity on the zone",
		incoming: prefers(pod("in", "web", ""), weighted(50, term("cache", zone)), nil),
		existing: []*api.Pod{pod("cache", "cache", "n3")},
		want:     []int64{0, 0, 100},
	}, {
		// zone a +80 (cache on n1), hostname n2 -30 (web on n2):
		// n1 80, n2 80-30 = 50, n3 0; min 0, max 80;
		// n2 100*50/80 = 62.5, truncated to 62.
		name: "affinity and anti-affinity together",
		incoming: prefers(pod("in", "web", ""), weighted(80, term("cache", zone)),
			weighted(30, term("web", host))),
		existing: []*api.Pod{pod("cache", "cache", "n1"), pod("web-0", "web", "n2")},
		want:     []int64{100, 62, 0},
	}, {
		// The same domains over the feasible nodes n2 and n3 only:
		// n2 50, n3 0; min 0, max 50.
		name: "normalised over the feasible nodes",
		incoming: prefers(pod("in", "web", ""), weighted(80, term("cache", zone)),
			weighted(30, term("web", host))),
		existing: []*api.Pod{pod("cache", "cache", "n1"), pod("web-0", "web", "n2")},
		feasible: []string{"n2", "n3"},
		want:     []int64{100, 0},
	}, {
		// Two web pods on n1, one on n2, anti weight 5: n1 -10, n2 -5,
		// n3 0; min -10, max 0; n2 100*5/10 = 50.
		name:     "every matching pod counts",
		incoming: prefers(pod("in", "web", ""), nil, weighted(5, term("web", host))),
		existing: []*api.Pod{pod("web-0", "web", "n1"), pod("web-1", "web", "n1"), pod("web-2", "web", "n2")},
		want:     []int64{0, 50, 100},
	}, {
		// Affinity weight 1: n1 0, n2 1, n3 3; n2 100*1/3 = 33.3,
		// truncated to 33.
		name:     "the normalised score is truncated",
		incoming: prefers(pod("in", "web", ""), weighted(1, term("db", host)), nil),
		existing: []*api.Pod{pod("db-0", "db", "n2"), pod("db-1", "db", "n3"), pod("db-2", "db", "n3"), pod("db-3", "db", "n3")},
		want:     []int64{0, 33, 100},
	}, {
		// An existing pod's required affinity the incoming pod matches
		// adds hardPodAffinityWeight 1 to its domain: n2 1, others 0.
		name:     "an existing pod's required affinity pulls",
		incoming: pod("in", "web", ""),
		existing: []*api.Pod{withAffinity(pod("front", "front", "n2"), &api.Affinity{PodAffinity: &api.PodAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{term("web", host)}}})},
		want: []int64{0, 100, 0},
	}, {
		// An existing pod's preferred affinity weight 20 on the zone,
		// from n1: zone a +20, so n1 20, n2 20, n3 0.
		name:     "an existing pod's preferred affinity pulls its zone",
		incoming: pod("in", "web", ""),
		existing: []*api.Pod{prefers(pod("front", "front", "n1"), weighted(20, term("web", zone)), nil)},
		want:     []int64{100, 100, 0},
	}, {
		// An existing pod's preferred anti-affinity weight 10 from n3:
		// zone b -10; min -10, max 0: n1 and n2 100, n3 0.
		name:     "an existing pod's preferred anti-affinity pushes",
		incoming: pod("in", "web", ""),
		existing: []*api.Pod{prefers(pod("loner", "loner", "n3"), nil, weighted(10, term("web", zone)))},
		want:     []int64{100, 100, 0},
	}, {
		// An existing pod's required anti-affinity is the filter's
		// business: it adds nothing to the score, so nothing matched and
		// PreScore skips the plugin.
		name:     "required anti-affinity does not score",
		incoming: pod("in", "web", ""),
		existing: []*api.Pod{withAffinity(pod("loner", "loner", "n3"), &api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{term("web", host)}}})},
		want: []int64{-1, -1, -1},
	}, {
		// +10 and -10 in n1's domain: the domain is there with 0, so the
		// plugin runs, and with max = min every node scores 0.
		name: "weights that cancel",
		incoming: prefers(pod("in", "web", ""), weighted(10, term("web", host)),
			weighted(10, term("web", host))),
		existing: []*api.Pod{pod("web-0", "web", "n1")},
		want:     []int64{0, 0, 0},
	}, {
		// A term without namespaces means the writer's: the pod in
		// namespace team does not match, nothing matched, skipped.
		name:     "another namespace does not match",
		incoming: prefers(pod("in", "web", ""), nil, weighted(100, term("web", host))),
		existing: []*api.Pod{otherNS},
		want:     []int64{-1, -1, -1},
	}, {
		// Naming the namespace makes it match: n1 -100.
		name:     "a term naming the namespace",
		incoming: prefers(pod("in", "web", ""), nil, weighted(100, inTeam)),
		existing: []*api.Pod{otherNS},
		want:     []int64{0, 100, 100},
	}, {
		// No node has the label rack: the matching pod's node has no
		// domain for the term, nothing is added, skipped.
		name:     "a topology key no node has",
		incoming: prefers(pod("in", "web", ""), nil, weighted(100, term("web", "rack"))),
		existing: []*api.Pod{pod("web-0", "web", "n1")},
		want:     []int64{-1, -1, -1},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var scores []nodeScore
			for _, n := range nodes {
				if c.feasible == nil || slices.Contains(c.feasible, n.Name) {
					scores = append(scores, nodeScore{node: n, podAffinity: -1})
				}
			}
			scoreInterPodAffinity(newTopologyScore(c.incoming, c.existing, nodeOf), scores)
			got := make([]int64, len(scores))
			for i, s := range scores {
				got[i] = s.podAffinity
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("scores %v, want %v", got, c.want)
			}
		})
	}
}
