package garbagecollector

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

// The tests drive the collector through a real API server, real informers
// and cluster.Settle, with hand-made owners and dependents, so they do not
// depend on the other controllers.

func ptr[T any](v T) *T { return &v }

type env struct {
	t  testing.TB
	c  *cluster.Cluster
	gc *GarbageCollector
	// decisions are the one-line records of every step settled so far.
	decisions []string
}

func newEnv(t testing.TB) *env {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	gc := New(c.Context)
	c.Add(gc)
	return &env{t: t, c: c, gc: gc}
}

func (e *env) settle() {
	e.t.Helper()
	steps, err := e.c.Settle()
	if err != nil {
		e.t.Fatal(err)
	}
	for _, s := range steps {
		for _, d := range s.Decisions {
			e.decisions = append(e.decisions, s.Key+" | "+d.String())
		}
	}
}

func create[T api.Object](e *env, obj T) T {
	e.t.Helper()
	out, err := e.c.API.Create(obj)
	if err != nil {
		e.t.Fatalf("create %s: %v", obj.GetObjectMeta().Name, err)
	}
	return out.(T)
}

func (e *env) delete(k *api.KindInfo, name string, policy apiserver.DeletionPropagation) {
	e.t.Helper()
	opts := &apiserver.DeleteOptions{}
	if policy != "" {
		opts.PropagationPolicy = &policy
	}
	if _, _, err := e.c.API.Delete(k, "default", name, opts); err != nil {
		e.t.Fatalf("delete %s %s: %v", k.Kind, name, err)
	}
}

// get returns the live object, or nil if it does not exist.
func (e *env) get(k *api.KindInfo, name string) api.Object {
	obj, err := e.c.API.Get(k, "default", name)
	if apiserver.IsNotFound(err) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return obj
}

// confirmPodDeletions plays the kubelet: every pod with a deletionTimestamp
// is deleted with grace 0.
func (e *env) confirmPodDeletions() {
	e.t.Helper()
	pods, _, err := apiserver.ListAs[*api.Pod](e.c.API, "", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			if _, _, err := e.c.API.Delete(podKind, p.Namespace, p.Name, &apiserver.DeleteOptions{GracePeriodSeconds: ptr(int64(0))}); err != nil {
				e.t.Fatal(err)
			}
		}
	}
}

func (e *env) decisionLog() string { return strings.Join(e.decisions, "\n") }

var (
	podKind        = api.PodKind
	rsKind         = api.ReplicaSetKind
	deploymentKind = api.DeploymentKind
)

// ownerRef is the controller reference the workload controllers set.
func ownerRef(owner api.Object) api.OwnerReference {
	k := api.KindOf(owner)
	m := owner.GetObjectMeta()
	return api.OwnerReference{APIVersion: k.APIVersion(), Kind: k.Kind, Name: m.Name, UID: m.UID,
		Controller: ptr(true), BlockOwnerDeletion: ptr(true)}
}

func template(app string) api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": app}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}},
	}
}

func deployment(name string) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(2)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template: template(name),
		},
	}
}

func replicaSet(name, app string, owners ...api.OwnerReference) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", OwnerReferences: owners},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr(int32(2)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": app}},
			Template: template(app),
		},
	}
}

// pod is a pod bound to node-1, so that deleting it is graceful.
func pod(name string, owners ...api.OwnerReference) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}, OwnerReferences: owners},
		Spec:       api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}},
	}
}

func (e *env) mustExist(k *api.KindInfo, names ...string) {
	e.t.Helper()
	for _, n := range names {
		if e.get(k, n) == nil {
			e.t.Errorf("%s %s is gone, want it to exist\n%s", k.Kind, n, e.decisionLog())
		}
	}
}

func (e *env) mustBeGone(k *api.KindInfo, names ...string) {
	e.t.Helper()
	for _, n := range names {
		if e.get(k, n) != nil {
			e.t.Errorf("%s %s exists, want it gone\n%s", k.Kind, n, e.decisionLog())
		}
	}
}

func (e *env) terminating(k *api.KindInfo, name string) bool {
	e.t.Helper()
	obj := e.get(k, name)
	return obj != nil && obj.GetObjectMeta().DeletionTimestamp != nil
}
