package sim

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
)

// podsByTick creates a Deployment of replicas pods and ticks until all its
// pods exist, returning how many existed after the creation settled (index
// 0) and after each tick.
func podsByTick(t *testing.T, s *Sim, replicas int) []int {
	t.Helper()
	if _, err := s.API.Create(webDeployment(int32(replicas), "nginx:1.25")); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	counts := []int{s.API.Count(api.PodKind, "default")}
	for counts[len(counts)-1] < replicas {
		if len(counts) > 10*replicas {
			t.Fatalf("only %d of %d pods after %d ticks", counts[len(counts)-1], replicas, len(counts)-1)
		}
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		counts = append(counts, s.API.Count(api.PodKind, "default"))
	}
	return counts
}

// TestRateLimitedThousandReplicas: a 1,000-replica Deployment's pods are
// created at the pace the ReplicaSet controller's client allows
// (kube-controller-manager's --kube-api-qps 20, --kube-api-burst 30), not
// all in one tick. Every create is a request, and so are the controller's
// events (the spam filter lets 25 through for one ReplicaSet) and its
// status writes: in the creation's own second the bucket lets 30 + 20 − 1
// = 49 requests through (a 50th would wait exactly 1 s), then 20 a second.
// So after tick t at most 49 + 20t pods exist, and at least that less the
// 25 events and the status writes (one per finished batch of 500, two or
// three in all) sent through the same bucket.
func TestRateLimitedThousandReplicas(t *testing.T) {
	s := bigNodes(t, 10)
	from := s.DecisionCount()
	counts := podsByTick(t, s, 1000)
	conn := controller.KubeControllerManagerClient
	first := conn.Burst + int(conn.QPS) - 1
	for tick, n := range counts {
		limit := first + int(conn.QPS)*tick
		if n > limit {
			t.Errorf("after tick %d: %d pods, more than the %d requests the bucket allows", tick, n, limit)
		}
		if low := limit - 25 - 3; n < min(low, 1000) {
			t.Errorf("after tick %d: %d pods, fewer than the %d the bucket allows less events and status writes", tick, n, low)
		}
	}
	done := len(counts) - 1
	// (1000 − 49) / 20 = 47.55: the 1,000th create goes out at tick 48 at
	// the earliest; the 25 events and the status writes cost 1.4 ticks more.
	if done < 48 || done > 50 {
		t.Errorf("1,000 pods took %d ticks; the limits imply 48 to 50", done)
	}
	t.Logf("1,000 pods created in %d ticks (%s): %v", done, conn, counts)

	var throttled, waited int
	for _, d := range s.DecisionsSince(from) {
		if d.Controller != replicaset.Name || d.Message == nil {
			continue
		}
		switch d.Message.Key {
		case "client.throttled":
			throttled++
			if !contains(d.Result, "the controller stops here") {
				t.Errorf("throttled decision: %s", d.Result)
			}
		case "client.waited":
			waited++
			if !contains(d.Result, "Waited before sending request: delay=") {
				t.Errorf("waited decision: %s", d.Result)
			}
		}
	}
	// The bucket runs dry in the first tick and in every tick after it
	// until the last creates.
	if throttled < done-2 || waited < done-2 {
		t.Errorf("%d throttled and %d waited decisions in %d ticks; want about one of each a tick", throttled, waited, done)
	}
}

// TestRateLimitFlagsChangeTheRollout: `controller-manager kube-api-qps=100
// kube-api-burst=200` lets the same 1,000 pods through in (1000 − 299) /
// 100 → 8 ticks (plus the events), and a negative QPS turns the limit off,
// leaving only the per-second step budget.
func TestRateLimitFlagsChangeTheRollout(t *testing.T) {
	s := bigNodes(t, 10)
	s.SetControllerManagerClient(controller.ClientConnection{QPS: 100, Burst: 200})
	counts := podsByTick(t, s, 1000)
	if done := len(counts) - 1; done < 8 || done > 9 {
		t.Errorf("qps 100, burst 200: 1,000 pods took %d ticks (%v); want 8 or 9", done, counts)
	}
	if counts[0] > 299 {
		t.Errorf("qps 100, burst 200: %d pods in the first second, more than 299", counts[0])
	}

	s = bigNodes(t, 10)
	s.SetControllerManagerClient(controller.ClientConnection{QPS: -1})
	counts = podsByTick(t, s, 1000)
	if len(counts) != 1 {
		t.Errorf("no rate limit: 1,000 pods took %d ticks (%v); want them in the creation's second", len(counts)-1, counts)
	}
}

// TestSmallDeploymentWithinBurst: a small Deployment's writes stay inside
// the bursts, so no decision speaks of throttling.
func TestSmallDeploymentWithinBurst(t *testing.T) {
	s, ticks := runRollout(t, 1)
	for _, d := range s.Decisions(0) {
		if d.Message != nil && (d.Message.Key == "client.throttled" || d.Message.Key == "client.waited") {
			t.Errorf("a 3-replica rollout (%d ticks) was throttled: %s", ticks, d)
		}
	}
	got, _ := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
	if got.Status.AvailableReplicas != 3 {
		t.Errorf("available %d, want 3", got.Status.AvailableReplicas)
	}
}

// TestResumeAfter pins the tick arithmetic of a held-back request.
func TestResumeAfter(t *testing.T) {
	for _, c := range []struct{ wait, want time.Duration }{
		{999 * time.Millisecond, 0},
		{time.Second, time.Second},
		{1500 * time.Millisecond, time.Second},
		{2 * time.Second, 2 * time.Second},
	} {
		if got := controller.ResumeAfter(c.wait); got != c.want {
			t.Errorf("ResumeAfter(%s) = %s, want %s", c.wait, got, c.want)
		}
	}
	if controller.ThrottleHorizon != cluster.TickDuration {
		t.Errorf("ThrottleHorizon %s ≠ TickDuration %s", controller.ThrottleHorizon, cluster.TickDuration)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestGarbageCollectorThrottled: deleting a 1,000-replica Deployment leaves
// its pods to the garbage collector, whose metadata client has the same
// 20 requests a second: each pod costs a Get of the pod (attemptToDeleteItem
// reads it live) and a Delete (its owner, once found gone, is in the
// absent-owner cache), 2,000 requests: (2000 − 49) / 20 ≈ 98 ticks, not
// one.
func TestGarbageCollectorThrottled(t *testing.T) {
	s := bigNodes(t, 10)
	s.SetControllerManagerClient(controller.ClientConnection{QPS: -1}) // create them at once
	podsByTick(t, s, 1000)
	s.SetControllerManagerClient(controller.ClientConnection{}) // back to 20 and 30
	if _, _, err := s.API.Delete(api.DeploymentKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	ticks := 0
	for s.API.Count(api.PodKind, "default") > 0 {
		if ticks++; ticks > 1000 {
			t.Fatalf("%d pods left after 1000 ticks", s.API.Count(api.PodKind, "default"))
		}
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	// The last pods' graceful termination (1 s) adds a tick or two.
	if ticks < 98 || ticks > 102 {
		t.Errorf("1,000 pods were collected in %d ticks; 2,000 requests at 20 a second take 98 to 102", ticks)
	}
	t.Logf("garbage collection of 1,000 pods: %d ticks", ticks)
}

// TestThrottledScaleDownRanksOnce: scaling 1,000 pods down to 400 asks the
// ReplicaSet controller for 600 deletes, which burstReplicas splits into
// batches of 500 and 100. Upstream's sync ranks the pods once per batch and
// then sits in the rate limiter's Wait until its deletes are out; so here
// the syncs that carry a held-back batch on send the pods already chosen
// and rank nothing, however many ticks the client makes them wait.
func TestThrottledScaleDownRanksOnce(t *testing.T) {
	s := bigNodes(t, 10)
	s.SetControllerManagerClient(controller.ClientConnection{QPS: -1}) // create them at once
	podsByTick(t, s, 1000)
	s.SetControllerManagerClient(controller.ClientConnection{}) // back to 20 and 30
	d, err := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	four := int32(400)
	d.Spec.Replicas = &four
	if _, err := s.API.Update(d); err != nil {
		t.Fatal(err)
	}
	from := s.DecisionCount()
	ticks := 0
	for s.API.Count(api.PodKind, "default") > 400 {
		if ticks++; ticks > 200 {
			t.Fatalf("%d pods left after 200 ticks", s.API.Count(api.PodKind, "default"))
		}
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	var ranked, resumed int
	for _, d := range s.DecisionsSince(from) {
		if d.Controller != replicaset.Name {
			continue
		}
		switch {
		case d.Upstream == "getPodsToDelete":
			ranked++
		case d.Upstream == "manageReplicas" && contains(d.Result, "the same sync goes on"):
			resumed++
		}
	}
	// 600 deletes and their events at 20 requests a second: about 30
	// ticks, and as many syncs carrying a batch on.
	if ranked != 2 {
		t.Errorf("the pods were ranked %d times; want 2, once for each batch (500, then 100)", ranked)
	}
	if resumed < 20 {
		t.Errorf("%d syncs carried a held-back batch on in %d ticks; want one for nearly every tick", resumed, ticks)
	}
	t.Logf("600 deletes in %d ticks: %d rankings, %d resumed syncs", ticks, ranked, resumed)
}

// runningByTick creates a replicas-pod Deployment on one node with the
// controllers' limit off, and counts the pods the API server says are
// Running after each tick until all are.
func runningByTick(t *testing.T, node cluster.NodeOptions, replicas int) []int {
	t.Helper()
	s, err := New(Options{Seed: 1, Nodes: []cluster.NodeOptions{node}})
	if err != nil {
		t.Fatal(err)
	}
	s.SetControllerManagerClient(controller.ClientConnection{QPS: -1})
	if _, err := s.API.Create(webDeployment(int32(replicas), "nginx:1.25")); err != nil {
		t.Fatal(err)
	}
	var counts []int
	for len(counts) == 0 || counts[len(counts)-1] < replicas {
		if len(counts) > 120 {
			t.Fatalf("only %d of %d pods running after 120 ticks", counts[len(counts)-1], replicas)
		}
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		pods, _, _ := apiserver.ListAs[*api.Pod](s.API, "default", nil)
		n := 0
		for _, p := range pods {
			if p.Status.Phase == api.PodRunning {
				n++
			}
		}
		counts = append(counts, n)
	}
	return counts
}

// TestKubeletStatusWritesThrottled: 250 pods started at once on one node
// (pods=250; its /24 pod range has 254 addresses) make its kubelet write two statuses each, ContainerCreating
// and then Running, through its client's bucket of 100 tokens refilled at
// 50 a second (kubeAPIQPS, kubeAPIBurst): 149 writes in the first second,
// then 50 a second, so the API server sees the last pods Running seconds
// after their containers run, and each write carries the pod's latest
// status, as the status manager's do. With --kube-api-qps=-1 they are all
// Running as soon as their containers are.
func TestKubeletStatusWritesThrottled(t *testing.T) {
	node := cluster.NodeOptions{Name: "node-1", CPU: "64", Memory: "256Gi", Pods: "250"}
	limited := runningByTick(t, node, 250)
	node.KubeAPIQPS = -1
	free := runningByTick(t, node, 250)
	// 500 writes: 149, then 50 a second; the ContainerCreating writes the
	// limit held back past the start are skipped for Running ones.
	if len(limited) < len(free)+3 {
		t.Errorf("250 pods were Running after %d ticks with the kubelet's default limit and %d without it; want at least 3 more with it (%v, %v)",
			len(limited), len(free), limited, free)
	}
	if len(limited) > len(free)+8 {
		t.Errorf("250 pods took %d ticks with the limit, %d without: longer than 500 writes at 50 a second (%v)", len(limited), len(free), limited)
	}
	t.Logf("running by tick, limited: %v; free: %v", limited, free)
}
