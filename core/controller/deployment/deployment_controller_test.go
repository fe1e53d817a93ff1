package deployment

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
)

// drain empties the controller's queue and returns the keys in order.
func drain(q *controller.Queue) []string {
	var keys []string
	for {
		k, ok := q.Get()
		if !ok {
			return keys
		}
		keys = append(keys, k)
	}
}

func webDeployment(name string, replicas int32, labels map[string]string) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.14.2"}}},
			},
		},
	}
}

func TestReplicaSetHandlers(t *testing.T) {
	f := newFixture(t, testEpoch)
	in := f.dc.ctx.Informers
	a := f.storeDeployment(webDeployment("a", 1, map[string]string{"app": "web"}))
	b := f.storeDeployment(webDeployment("b", 1, map[string]string{"app": "web"}))
	f.storeDeployment(webDeployment("c", 1, map[string]string{"app": "other"}))
	in.Pump()
	if got := drain(f.dc.Queue()); strings.Join(got, " ") != "default/a default/b default/c" {
		t.Fatalf("added Deployments queued %v", got)
	}

	// An orphan wakes every Deployment that could adopt it.
	orphan := rs("orphan", 0, map[string]string{"app": "web"}, api.Time{})
	orphan.Labels = map[string]string{"app": "web"}
	f.dc.addReplicaSet(orphan)
	if got := drain(f.dc.Queue()); strings.Join(got, " ") != "default/a default/b" {
		t.Errorf("orphan add queued %v, want a and b", got)
	}
	// An owned ReplicaSet wakes its owner only, if the uid matches.
	owned := api.DeepCopy(orphan)
	owned.OwnerReferences = []api.OwnerReference{*controller.NewControllerRef(a)}
	f.dc.addReplicaSet(owned)
	if got := drain(f.dc.Queue()); strings.Join(got, " ") != "default/a" {
		t.Errorf("owned add queued %v, want a", got)
	}
	stale := api.DeepCopy(owned)
	stale.OwnerReferences[0].UID = "gone"
	f.dc.addReplicaSet(stale)
	f.dc.deleteReplicaSet(stale)
	if got := drain(f.dc.Queue()); len(got) != 0 {
		t.Errorf("a controllerRef to a deleted owner queued %v", got)
	}
	// A change of controller wakes both; a resync (same resourceVersion)
	// nothing; a deleted orphan nobody.
	moved := api.DeepCopy(owned)
	moved.ResourceVersion = "2"
	moved.OwnerReferences = []api.OwnerReference{*controller.NewControllerRef(b)}
	f.dc.updateReplicaSet(owned, moved)
	if got := drain(f.dc.Queue()); strings.Join(got, " ") != "default/a default/b" {
		t.Errorf("controller change queued %v, want a and b", got)
	}
	f.dc.updateReplicaSet(moved, moved)
	f.dc.deleteReplicaSet(orphan)
	if got := drain(f.dc.Queue()); len(got) != 0 {
		t.Errorf("resync / orphan delete queued %v", got)
	}
	// An orphan whose labels change wakes the Deployments that now match.
	relabeled := api.DeepCopy(orphan)
	relabeled.ResourceVersion = "3"
	relabeled.Labels = map[string]string{"app": "other"}
	f.dc.updateReplicaSet(orphan, relabeled)
	if got := drain(f.dc.Queue()); strings.Join(got, " ") != "default/c" {
		t.Errorf("relabeled orphan queued %v, want c", got)
	}
}

// oneReplicaSet creates d on a cluster running only the Deployment
// controller and settles it: the stored Deployment and its one ReplicaSet.
func oneReplicaSet(t *testing.T, d *api.Deployment) (*cluster.Cluster, *DeploymentController, *api.Deployment, *api.ReplicaSet) {
	t.Helper()
	c := cluster.New(1)
	dc := New(c.Context)
	c.Add(dc)
	if _, err := c.API.Create(d); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	stored, _ := apiserver.GetAs[*api.Deployment](c.API, "default", d.Name)
	rss, _, _ := apiserver.ListAs[*api.ReplicaSet](c.API, "default", nil)
	if len(rss) != 1 {
		t.Fatalf("%d ReplicaSets", len(rss))
	}
	return c, dc, stored, rss[0]
}

// rsPod is a pod labelled app=app whose controller is rs, under uid (""
// for an orphan).
func rsPod(name, app string, rs *api.ReplicaSet, uid string) *api.Pod {
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": app}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.14.2"}}},
	}
	if uid != "" {
		yes := true
		p.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: rs.Name, UID: uid, Controller: &yes}}
	}
	return p
}

// TestDeletePodHandler checks deployment_controller.go deletePod (v1.37):
// every deletion of a pod whose ReplicaSet a Recreate Deployment controls
// queues the Deployment, pods left or not; a RollingUpdate Deployment is
// never woken by a pod deletion. (Kubeplay once queued a Recreate
// Deployment only when its last pod went, as older releases did.)
func TestDeletePodHandler(t *testing.T) {
	d := webDeployment("web", 2, map[string]string{"app": "web"})
	d.Spec.Strategy.Type = api.RecreateDeploymentStrategyType
	c, dc, stored, rs := oneReplicaSet(t, d)
	mkPod := func(name string) *api.Pod { return rsPod(name, "web", rs, rs.UID) }
	for _, n := range []string{"p1", "p2"} {
		if _, err := c.API.Create(mkPod(n)); err != nil {
			t.Fatal(err)
		}
	}
	c.Informers.Pump()
	drain(dc.Queue())
	podKind := api.PodKind
	del := func(name string) {
		zero := int64(0)
		if _, _, err := c.API.Delete(podKind, "default", name, &apiserver.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
			t.Fatal(err)
		}
		c.Informers.Pump()
	}
	del("p1")
	if got := drain(dc.Queue()); strings.Join(got, " ") != "default/web" {
		t.Errorf("a pod of a Recreate Deployment deleted (one left): queued %v, want default/web", got)
	}
	del("p2")
	if got := drain(dc.Queue()); strings.Join(got, " ") != "default/web" {
		t.Errorf("last pod deleted: queued %v, want default/web", got)
	}
	// An orphan wakes nobody.
	if _, err := c.API.Create(rsPod("orphan", "web", rs, "")); err != nil {
		t.Fatal(err)
	}
	c.Informers.Pump()
	drain(dc.Queue())
	del("orphan")
	if got := drain(dc.Queue()); len(got) != 0 {
		t.Errorf("an orphan's deletion queued %v", got)
	}
	// A RollingUpdate Deployment is not woken by pod deletions.
	stored.Spec.Strategy = api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType}
	if _, err := c.API.Update(stored); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"p3", "p4"} {
		if _, err := c.API.Create(mkPod(n)); err != nil {
			t.Fatal(err)
		}
	}
	c.Informers.Pump()
	drain(dc.Queue())
	del("p3")
	del("p4")
	if got := drain(dc.Queue()); len(got) != 0 {
		t.Errorf("RollingUpdate woken by a pod deletion: %v", got)
	}
}

// TestGetPodMapForDeployment pins deployment_controller.go
// getPodMapForDeployment (v1.37, controller.FilterPodsByOwner without
// orphans): a pod counts for a ReplicaSet of rsList when its ControllerRef
// names that ReplicaSet, whatever its labels; orphans and pods of other
// ReplicaSets are left out, each group is in key order, and a ReplicaSet
// without pods maps to an empty list.
func TestGetPodMapForDeployment(t *testing.T) {
	c, dc, _, rs := oneReplicaSet(t, webDeployment("web", 2, map[string]string{"app": "web"}))
	for _, p := range []*api.Pod{
		rsPod("p2", "web", rs, rs.UID),
		rsPod("p1", "web", rs, rs.UID),
		rsPod("relabelled", "other", rs, rs.UID), // owned, no longer selected: still counts
		rsPod("orphan", "web", rs, ""),
		rsPod("stranger", "web", rs, "some-other-uid"),
	} {
		if _, err := c.API.Create(p); err != nil {
			t.Fatal(err)
		}
	}
	c.Informers.Pump()
	gone := &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "web-gone", Namespace: "default", UID: "gone-uid"}}
	podMap, err := dc.getPodMapForDeployment([]*api.ReplicaSet{rs, gone})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range podMap[rs.UID] {
		names = append(names, p.Name)
	}
	if len(podMap) != 2 || strings.Join(names, " ") != "p1 p2 relabelled" || podMap["gone-uid"] == nil || len(podMap["gone-uid"]) != 0 {
		t.Errorf("podMap = %v (%d groups); want %s: [p1 p2 relabelled] and gone-uid: []", names, len(podMap), rs.UID)
	}
}

// TestPodMapOnlyForRecreate checks where syncDeployment builds the podMap
// (v1.37: on the Recreate branch only). The controller is given no pod
// cache at all: a RollingUpdate sync must not need it.
func TestPodMapOnlyForRecreate(t *testing.T) {
	_, dc, _, _ := oneReplicaSet(t, webDeployment("web", 2, map[string]string{"app": "web"}))
	dc.podLister = nil // any pod read now panics
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("a RollingUpdate sync read the pod cache (getPodMapForDeployment outside the Recreate branch): %v", r)
		}
	}()
	if err := dc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatal(err)
	}
}

func TestSyncDeploymentPaths(t *testing.T) {
	t.Run("deleted", func(t *testing.T) {
		f := newFixture(t, testEpoch)
		if err := f.dc.Sync("default/missing", f.ds); err != nil || len(f.ds.List()) != 1 {
			t.Fatalf("err %v, decisions %v", err, f.ds.List())
		}
	})

	t.Run("being deleted: status only", func(t *testing.T) {
		c := cluster.New(1)
		c.Add(New(c.Context))
		d := webDeployment("web", 2, map[string]string{"app": "web"})
		d.Finalizers = []string{"example.com/hold"}
		if _, err := c.API.Create(d); err != nil {
			t.Fatal(err)
		}
		if _, _, err := c.API.Delete(deploymentKind, "default", "web", nil); err != nil {
			t.Fatal(err)
		}
		steps, err := c.Settle()
		if err != nil {
			t.Fatal(err)
		}
		if rss, _, _ := apiserver.ListAs[*api.ReplicaSet](c.API, "default", nil); len(rss) != 0 {
			t.Errorf("a Deployment being deleted created %d ReplicaSets", len(rss))
		}
		if !hasDecision(steps, "being deleted: update status only") {
			t.Error("no decision recorded for the status-only path")
		}
		got, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		if got.Status.ObservedGeneration != got.Generation {
			t.Errorf("observedGeneration %d, generation %d", got.Status.ObservedGeneration, got.Generation)
		}
	})

	t.Run("adopts a matching orphan and releases a mismatching ReplicaSet", func(t *testing.T) {
		c := cluster.New(1)
		c.Add(New(c.Context))
		d := webDeployment("web", 2, map[string]string{"app": "web"})
		d.Spec.Paused = true // no rollout: only claiming
		if _, err := c.API.Create(d); err != nil {
			t.Fatal(err)
		}
		orphan := rs("web-orphan", 0, map[string]string{"app": "web"}, api.Time{})
		orphan.Labels = map[string]string{"app": "web"}
		orphan.Spec.Template = d.Spec.Template
		if _, err := c.API.Create(orphan); err != nil {
			t.Fatal(err)
		}
		steps, err := c.Settle()
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		got, _ := apiserver.GetAs[*api.ReplicaSet](c.API, "default", "web-orphan")
		if !got.IsControlledBy(stored.UID) || !hasDecision(steps, "adopted ReplicaSet web-orphan") {
			t.Fatalf("orphan not adopted: owners %v", got.OwnerReferences)
		}
		// Relabel it away from the selector: it is released.
		got.Labels = map[string]string{"app": "elsewhere"}
		if _, err := c.API.Update(got); err != nil {
			t.Fatal(err)
		}
		if steps, err = c.Settle(); err != nil {
			t.Fatal(err)
		}
		got, _ = apiserver.GetAs[*api.ReplicaSet](c.API, "default", "web-orphan")
		if got.ControllerRef() != nil || !hasDecision(steps, "released ReplicaSet web-orphan") {
			t.Fatalf("not released: owners %v", got.OwnerReferences)
		}
	})

	t.Run("hash collision bumps collisionCount", func(t *testing.T) {
		c := cluster.New(1)
		c.Add(New(c.Context))
		d := webDeployment("web", 1, map[string]string{"app": "web"})
		d.Spec.Paused = true
		if _, err := c.API.Create(d); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Settle(); err != nil {
			t.Fatal(err)
		}
		stored, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		hash := controller.ComputeHash(&stored.Spec.Template, nil)
		squatter := rs("web-"+hash, 0, map[string]string{"other": "x"}, api.Time{})
		squatter.Labels = map[string]string{"other": "x"}
		squatter.Spec.Template = api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: squatter.Labels},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "x", Image: "busybox"}}}}
		if _, err := c.API.Create(squatter); err != nil {
			t.Fatal(err)
		}
		stored.Spec.Paused = false
		if _, err := c.API.Update(stored); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if _, err := c.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		stored, _ = apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		if stored.Status.CollisionCount == nil || *stored.Status.CollisionCount != 1 {
			t.Fatalf("collisionCount = %s, want 1", optionalInt(stored.Status.CollisionCount))
		}
		want := "web-" + controller.ComputeHash(&stored.Spec.Template, stored.Status.CollisionCount)
		if _, err := apiserver.GetAs[*api.ReplicaSet](c.API, "default", want); err != nil {
			t.Fatalf("new ReplicaSet %s not created: %v", want, err)
		}
	})
}

func hasDecision(steps []cluster.StepResult, result string) bool {
	for _, s := range steps {
		for _, d := range s.Decisions {
			if d.Result == result {
				return true
			}
		}
	}
	return false
}

// TestDecisionRecord pins the wording of one record, the example of the
// brief: the UI's Why? pane shows it as is.
func TestDecisionRecord(t *testing.T) {
	f := newFixture(t, testEpoch)
	d := newDeployment("web", 4, nil, percent("25%"), percent("25%"), map[string]string{"app": "web"})
	stored := f.storeAll(rs("web-6b7f", 0, nil, at(1)), rs("web-old", 4, nil, at(0)))
	if _, err := f.dc.reconcileNewReplicaSet(stored, stored[0], d, f.ds); err != nil {
		t.Fatal(err)
	}
	recs := f.ds.List()
	if len(recs) != 1 {
		t.Fatalf("records %v", recs)
	}
	want := "NewRSNewReplicas: maxSurge 25% of 4 → ceil 1; maxTotal = 4+1 = 5; current = 4; new = 0 + min(5 − 4, 4 − 0) = 1 → scale new RS web-6b7f 0 → 1"
	if got := recs[0].String(); got != want {
		t.Errorf("record\n got %s\nwant %s", got, want)
	}
	if recs[0].Upstream != "NewRSNewReplicas" || len(recs[0].Inputs) != 2 {
		t.Errorf("record fields %+v", recs[0])
	}
}
