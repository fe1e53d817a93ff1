package api

import "testing"

func TestToleratesTaint(t *testing.T) {
	unreachable := Taint{Key: "node.kubernetes.io/unreachable", Effect: TaintEffectNoExecute}
	gpu := Taint{Key: "gpu", Value: "a100", Effect: TaintEffectNoSchedule}
	cases := []struct {
		name string
		tol  Toleration
		t    Taint
		want bool
	}{
		{"exists on the key", Toleration{Key: unreachable.Key, Operator: "Exists", Effect: TaintEffectNoExecute}, unreachable, true},
		{"empty key with Exists tolerates everything", Toleration{Operator: "Exists"}, gpu, true},
		{"equal needs the same value", Toleration{Key: "gpu", Operator: "Equal", Value: "a100"}, gpu, true},
		{"empty operator means Equal", Toleration{Key: "gpu", Value: "t4"}, gpu, false},
		{"effect must match when set", Toleration{Key: "gpu", Operator: "Exists", Effect: TaintEffectNoExecute}, gpu, false},
		{"other key", Toleration{Key: "disk", Operator: "Exists"}, gpu, false},
	}
	for _, c := range cases {
		if got := c.tol.ToleratesTaint(&c.t); got != c.want {
			t.Errorf("%s: ToleratesTaint = %v, want %v", c.name, got, c.want)
		}
	}
	taints := []Taint{gpu, unreachable}
	if got, ok := FindMatchingUntoleratedTaint(taints, []Toleration{{Key: "gpu", Operator: "Exists"}}, nil); !ok || got.Key != unreachable.Key {
		t.Errorf("FindMatchingUntoleratedTaint = %v, %v; want the unreachable taint", got, ok)
	}
	noExecute := func(t *Taint) bool { return t.Effect == TaintEffectNoExecute }
	if _, ok := FindMatchingUntoleratedTaint([]Taint{gpu}, nil, noExecute); ok {
		t.Error("the filter did not exclude a NoSchedule taint")
	}
}
