package controller

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// TestPodRankSorterIsSortSort: on random pods with many ties, the keyed
// sort, reused from round to round, leaves them in exactly the order sort.Sort does.
func TestPodRankSorterIsSortSort(t *testing.T) {
	var sorter PodRankSorter
	rng := rand.New(rand.NewPCG(3, 4))
	now := time.Date(2026, 1, 1, 0, 10, 0, 0, time.UTC)
	always := api.ContainerRestartPolicyAlways
	for round := range 200 {
		n := 1 + rng.IntN(60)
		pods := make([]*api.Pod, n)
		ranks := make([]int, n)
		for i := range pods {
			p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: fmt.Sprint("p", i), UID: fmt.Sprint("u", rng.IntN(n))}}
			p.CreationTimestamp = api.NewTime(now.Add(-time.Duration(rng.IntN(4)) * time.Second * time.Duration(1+rng.IntN(100))))
			if rng.IntN(8) == 0 {
				p.CreationTimestamp = api.Time{}
			}
			if rng.IntN(4) > 0 {
				p.Spec.NodeName = fmt.Sprint("node-", rng.IntN(3))
			}
			p.Status.Phase = []api.PodPhase{api.PodPending, api.PodRunning, api.PodUnknown, ""}[rng.IntN(4)]
			if rng.IntN(3) > 0 {
				ready := api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue,
					LastTransitionTime: api.NewTime(now.Add(-time.Duration(rng.IntN(5)) * time.Minute))}
				if rng.IntN(6) == 0 {
					ready.LastTransitionTime = api.Time{}
				}
				p.Status.Conditions = []api.PodCondition{ready}
			}
			if rng.IntN(5) == 0 {
				p.Annotations = map[string]string{PodDeletionCostAnnotation: fmt.Sprint(rng.IntN(3) - 1)}
			}
			p.Status.ContainerStatuses = []api.ContainerStatus{{Name: "c", RestartCount: int32(rng.IntN(2))}}
			if rng.IntN(4) == 0 {
				p.Spec.InitContainers = []api.Container{{Name: "s", RestartPolicy: &always}}
				p.Status.InitContainerStatuses = []api.ContainerStatus{{Name: "s", RestartCount: int32(rng.IntN(2))}}
			}
			pods[i], ranks[i] = p, rng.IntN(3)
		}
		at := now
		if round%10 == 0 {
			at = time.Time{}
		}
		want := ActivePodsWithRanks{Pods: slices.Clone(pods), Rank: slices.Clone(ranks), Now: at}
		sort.Sort(want)
		got := ActivePodsWithRanks{Pods: slices.Clone(pods), Rank: slices.Clone(ranks), Now: at}
		sorter.Sort(got)
		if !slices.Equal(got.Pods, want.Pods) || !slices.Equal(got.Rank, want.Rank) {
			t.Fatalf("round %d: the keyed sort's order differs from sort.Sort's", round)
		}
	}
}
