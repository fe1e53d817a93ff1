package controller

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// Shared test helpers for this package's tests.

var (
	productionLabel = map[string]string{"type": "production"}
	testLabel       = map[string]string{"type": "testing"}
)

func newTestServer(t testing.TB) (*apiserver.Server, *clock.Clock) {
	t.Helper()
	c := clock.New(clock.Epoch)
	return apiserver.New(c, rand.New(rand.NewPCG(1, 2))), c
}

func testPodTemplate(lbls map[string]string) api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: lbls},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}},
	}
}

func mustCreate[T api.Object](t testing.TB, s *apiserver.Server, obj T) T {
	t.Helper()
	out, err := s.Create(obj)
	if err != nil {
		t.Fatalf("creating %T %s: %v", obj, obj.GetObjectMeta().Name, err)
	}
	return out.(T)
}

func createTestRS(t testing.TB, s *apiserver.Server, name string, lbls map[string]string) *api.ReplicaSet {
	t.Helper()
	one := int32(1)
	return mustCreate(t, s, &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: lbls},
		Spec: api.ReplicaSetSpec{
			Replicas: &one,
			Selector: &api.LabelSelector{MatchLabels: lbls},
			Template: testPodTemplate(lbls),
		},
	})
}

// createTestPod creates a pod; owner, if not nil, becomes its controller.
func createTestPod(t testing.TB, s *apiserver.Server, name string, lbls map[string]string, owner api.Object) *api.Pod {
	t.Helper()
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: lbls},
		Spec: testPodTemplate(nil).Spec}
	if owner != nil {
		p.OwnerReferences = []api.OwnerReference{*NewControllerRef(owner)}
	}
	return mustCreate(t, s, p)
}

func getPod(t testing.TB, s *apiserver.Server, name string) *api.Pod {
	t.Helper()
	p, err := apiserver.GetAs[*api.Pod](s, "default", name)
	if err != nil {
		t.Fatalf("getting pod %s: %v", name, err)
	}
	return p
}

func podNames(pods []*api.Pod) []string {
	var out []string
	for _, p := range pods {
		out = append(out, p.Name)
	}
	return out
}

func selectorOf(t testing.TB, m map[string]string) labels.Selector {
	t.Helper()
	sel, err := labels.SelectorFromLabelSelector(&api.LabelSelector{MatchLabels: m})
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

func deleting[T api.Object](obj T, at time.Time) T {
	c := obj.DeepCopyObject().(T)
	c.GetObjectMeta().DeletionTimestamp = api.NewTimePtr(at)
	return c
}

// TestClaimPods follows upstream's TestClaimPods table
// (controller_ref_manager_test.go), run against the real API server so that
// adoptions and releases are checked on the stored pods.
func TestClaimPods(t *testing.T) {
	type result struct {
		claimed []string
		// owners maps pod name to the uid of its controller after the
		// claim ("" = orphan).
		owners map[string]string
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (owner api.Object, pods []*api.Pod)
		want  func(rs *api.ReplicaSet, other string) result
	}{
		{
			name: "Claim pods with correct label",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				return rs, []*api.Pod{createTestPod(t, s, "pod1", productionLabel, nil), createTestPod(t, s, "pod2", testLabel, nil)}
			},
			want: func(rs *api.ReplicaSet, _ string) result {
				return result{[]string{"pod1"}, map[string]string{"pod1": rs.UID, "pod2": ""}}
			},
		},
		{
			name: "Controller marked for deletion can not claim pods",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				return deleting(rs, clock.Epoch), []*api.Pod{createTestPod(t, s, "pod1", productionLabel, nil), createTestPod(t, s, "pod2", productionLabel, nil)}
			},
			want: func(*api.ReplicaSet, string) result {
				return result{nil, map[string]string{"pod1": "", "pod2": ""}}
			},
		},
		{
			name: "Controller marked for deletion can not claim new pods",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				return deleting(rs, clock.Epoch), []*api.Pod{createTestPod(t, s, "pod1", productionLabel, rs), createTestPod(t, s, "pod2", productionLabel, nil)}
			},
			want: func(rs *api.ReplicaSet, _ string) result {
				return result{[]string{"pod1"}, map[string]string{"pod1": rs.UID, "pod2": ""}}
			},
		},
		{
			name: "Controller can not claim pods owned by another controller",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				other := createTestRS(t, s, "other", productionLabel)
				return rs, []*api.Pod{createTestPod(t, s, "pod1", productionLabel, rs), createTestPod(t, s, "pod2", productionLabel, other)}
			},
			want: func(rs *api.ReplicaSet, other string) result {
				return result{[]string{"pod1"}, map[string]string{"pod1": rs.UID, "pod2": other}}
			},
		},
		{
			name: "Controller releases claimed pods when selector doesn't match",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				return rs, []*api.Pod{createTestPod(t, s, "pod1", productionLabel, rs), createTestPod(t, s, "pod2", testLabel, rs)}
			},
			want: func(rs *api.ReplicaSet, _ string) result {
				return result{[]string{"pod1"}, map[string]string{"pod1": rs.UID, "pod2": ""}}
			},
		},
		{
			name: "Controller being deleted does not release pods that no longer match",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				return deleting(rs, clock.Epoch), []*api.Pod{createTestPod(t, s, "pod1", testLabel, rs)}
			},
			want: func(rs *api.ReplicaSet, _ string) result {
				return result{nil, map[string]string{"pod1": rs.UID}}
			},
		},
		{
			name: "Controller does not claim orphaned pods marked for deletion",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				p1 := deleting(createTestPod(t, s, "pod1", productionLabel, rs), clock.Epoch)
				p2 := deleting(createTestPod(t, s, "pod2", productionLabel, nil), clock.Epoch)
				return rs, []*api.Pod{p1, p2}
			},
			want: func(rs *api.ReplicaSet, _ string) result {
				return result{[]string{"pod1"}, map[string]string{"pod1": rs.UID, "pod2": ""}}
			},
		},
		{
			name: "Controller does not claim orphaned pods in another namespace",
			setup: func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) (api.Object, []*api.Pod) {
				p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "pod1", Namespace: "kube-system", Labels: productionLabel},
					Spec: testPodTemplate(nil).Spec}
				return rs, []*api.Pod{mustCreate(t, s, p)}
			},
			want: func(*api.ReplicaSet, string) result {
				return result{nil, nil}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestServer(t)
			rs := createTestRS(t, s, "rs", productionLabel)
			owner, pods := tt.setup(t, s, rs)
			other := ""
			if o, err := apiserver.GetAs[*api.ReplicaSet](s, "default", "other"); err == nil {
				other = o.UID
			}
			m := NewRefManager(s, owner, selectorOf(t, productionLabel), RecheckOwner(s, owner))
			rv := s.ResourceVersion()
			claimed, err := m.ClaimPods(pods)
			if err != nil {
				t.Fatalf("ClaimPods: %v", err)
			}
			want := tt.want(rs, other)
			if got := podNames(claimed); !slices.Equal(got, want.claimed) {
				t.Errorf("claimed %v, want %v", got, want.claimed)
			}
			if want.owners == nil && s.ResourceVersion() != rv {
				t.Errorf("a pod was patched")
			}
			for name, uid := range want.owners {
				p := getPod(t, s, name)
				got := ""
				if ref := p.ControllerRef(); ref != nil {
					got = ref.UID
				}
				if got != uid {
					t.Errorf("pod %s controlled by %q, want %q", name, got, uid)
				}
			}
		})
	}
}

func TestAdoptWritesUpstreamOwnerReference(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "web-5d8f7c9b6", productionLabel)
	// A non-controller reference the adoption must keep.
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "pod1", Namespace: "default", Labels: productionLabel,
		OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "cm", UID: "cm-uid"}}},
		Spec: testPodTemplate(nil).Spec}
	p = mustCreate(t, s, p)
	ds := &Decisions{}
	claimed, _, err := ClaimCachedPods(&Context{Server: s}, rs, selectorOf(t, productionLabel), selectorOf(t, productionLabel), []*CachedPod{NewCachedPod(p)}, ds)
	if err != nil || len(claimed) != 1 {
		t.Fatalf("ClaimCachedPods = %v, %v", podNames(Pods(claimed)), err)
	}
	got := getPod(t, s, "pod1").OwnerReferences
	if len(got) != 2 || got[0].Kind != "ConfigMap" {
		t.Fatalf("ownerReferences = %+v, want the ConfigMap reference kept first", got)
	}
	ref := got[1]
	if ref.APIVersion != "apps/v1" || ref.Kind != "ReplicaSet" || ref.Name != "web-5d8f7c9b6" || ref.UID != rs.UID ||
		ref.Controller == nil || !*ref.Controller || ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Errorf("controller reference = %+v", ref)
	}
	if l := ds.List(); len(l) != 1 || l[0].Result != "adopted Pod pod1" || l[0].Upstream != "ClaimObject" {
		t.Errorf("decisions = %+v", l)
	}
}

func TestReleaseKeepsOtherOwnerReferences(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "pod1", Namespace: "default", Labels: testLabel,
		OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "cm", UID: "cm-uid"}, *NewControllerRef(rs)}},
		Spec: testPodTemplate(nil).Spec}
	p = mustCreate(t, s, p)
	claimed, err := NewRefManager(s, rs, selectorOf(t, productionLabel), nil).ClaimPods([]*api.Pod{p})
	if err != nil || len(claimed) != 0 {
		t.Fatalf("ClaimPods = %v, %v", podNames(claimed), err)
	}
	got := getPod(t, s, "pod1").OwnerReferences
	if len(got) != 1 || got[0].UID != "cm-uid" {
		t.Errorf("ownerReferences after release = %+v, want only the ConfigMap", got)
	}
}

func TestReleaseIgnoresRecreatedPod(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	old := createTestPod(t, s, "pod1", testLabel, rs)
	podKind := api.PodKind
	zero := int64(0)
	if _, _, err := s.Delete(podKind, "default", "pod1", &apiserver.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	createTestPod(t, s, "pod1", testLabel, rs) // same name, new uid
	rv := s.ResourceVersion()
	claimed, err := NewRefManager(s, rs, selectorOf(t, productionLabel), nil).ClaimPods([]*api.Pod{old})
	if err != nil || len(claimed) != 0 {
		t.Fatalf("ClaimPods = %v, %v; want nothing claimed and the Invalid ignored", podNames(claimed), err)
	}
	if s.ResourceVersion() != rv {
		t.Error("the recreated pod was patched")
	}
}

func TestAdoptRecreatedPodFails(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	old := createTestPod(t, s, "pod1", productionLabel, nil)
	podKind := api.PodKind
	zero := int64(0)
	if _, _, err := s.Delete(podKind, "default", "pod1", &apiserver.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	createTestPod(t, s, "pod1", productionLabel, nil)
	_, err := NewRefManager(s, rs, selectorOf(t, productionLabel), nil).ClaimPods([]*api.Pod{old})
	if !apiserver.IsInvalid(err) {
		t.Fatalf("err = %v, want Invalid (uid precondition)", err)
	}
	if getPod(t, s, "pod1").ControllerRef() != nil {
		t.Error("the recreated pod was adopted")
	}
}

func TestCanAdoptRunsOnceAndBlocksAdoption(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	pods := []*api.Pod{createTestPod(t, s, "pod1", productionLabel, nil), createTestPod(t, s, "pod2", productionLabel, nil)}
	calls := 0
	m := NewRefManager(s, rs, selectorOf(t, productionLabel), func() error { calls++; return errors.New("nope") })
	claimed, err := m.ClaimPods(pods)
	if len(claimed) != 0 {
		t.Errorf("claimed %v", podNames(claimed))
	}
	if calls != 1 {
		t.Errorf("canAdopt called %d times, want 1", calls)
	}
	want := fmt.Sprintf("[can't adopt Pod default/pod1 (%s): nope, can't adopt Pod default/pod2 (%s): nope]", pods[0].UID, pods[1].UID)
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}

func TestRecheckOwner(t *testing.T) {
	rsKind := api.ReplicaSetKind
	tests := []struct {
		name   string
		change func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet)
		want   string // error text; %s = uid of the cached owner, %n = new uid
	}{
		{"owner unchanged", func(*testing.T, *apiserver.Server, *api.ReplicaSet) {}, ""},
		{"owner gone", func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) {
			if _, _, err := s.Delete(rsKind, "default", "rs", nil); err != nil {
				t.Fatal(err)
			}
		}, `can't recheck DeletionTimestamp: replicasets.apps "rs" not found`},
		{"owner recreated", func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) {
			if _, _, err := s.Delete(rsKind, "default", "rs", nil); err != nil {
				t.Fatal(err)
			}
			createTestRS(t, s, "rs", productionLabel)
		}, "can't recheck DeletionTimestamp: original ReplicaSet default/rs is gone: got uid %n, wanted %s"},
		{"owner being deleted", func(t *testing.T, s *apiserver.Server, rs *api.ReplicaSet) {
			fg := apiserver.DeletePropagationForeground
			if _, _, err := s.Delete(rsKind, "default", "rs", &apiserver.DeleteOptions{PropagationPolicy: &fg}); err != nil {
				t.Fatal(err)
			}
		}, "default/rs has just been deleted at 2026-01-01 00:00:00 +0000 UTC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestServer(t)
			rs := createTestRS(t, s, "rs", productionLabel)
			tt.change(t, s, rs)
			err := RecheckOwner(s, rs)()
			want := tt.want
			if cur, e := apiserver.GetAs[*api.ReplicaSet](s, "default", "rs"); e == nil {
				want = strings.ReplaceAll(want, "%n", cur.UID)
			}
			want = strings.ReplaceAll(want, "%s", rs.UID)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != want {
				t.Errorf("RecheckOwner = %q\nwant %q", got, want)
			}
		})
	}
}

func TestClaimReplicaSets(t *testing.T) {
	s, _ := newTestServer(t)
	one := int32(1)
	web := map[string]string{"app": "web"}
	d := mustCreate(t, s, &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{Replicas: &one, Selector: &api.LabelSelector{MatchLabels: web},
			Template: testPodTemplate(web)},
	})
	orphan := createTestRS(t, s, "web-orphan", web)
	owned := createTestRS(t, s, "web-owned", web)
	stray := createTestRS(t, s, "web-stray", map[string]string{"app": "other"})
	foreign := createTestRS(t, s, "web-foreign", web)
	for _, x := range []struct {
		rs    *api.ReplicaSet
		owner api.Object
	}{{owned, d}, {stray, d}, {foreign, orphan}} {
		c := api.DeepCopy(x.rs)
		c.OwnerReferences = []api.OwnerReference{*NewControllerRef(x.owner)}
		if _, err := s.Update(c); err != nil {
			t.Fatal(err)
		}
	}
	rss, _, _ := apiserver.ListAs[*api.ReplicaSet](s, "default", nil)
	ds := &Decisions{}
	claimed, err := ClaimReplicaSets(&Context{Server: s}, d, selectorOf(t, web), rss, ds)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, rs := range claimed {
		names = append(names, rs.Name)
	}
	if want := []string{"web-orphan", "web-owned"}; !slices.Equal(names, want) {
		t.Errorf("claimed %v, want %v", names, want)
	}
	for name, wantOwner := range map[string]string{"web-orphan": d.UID, "web-owned": d.UID, "web-stray": "", "web-foreign": orphan.UID} {
		rs, _ := apiserver.GetAs[*api.ReplicaSet](s, "default", name)
		got := ""
		if ref := rs.ControllerRef(); ref != nil {
			got = ref.UID
			if ref.Kind != "Deployment" && got == d.UID {
				t.Errorf("%s: controller kind %q", name, ref.Kind)
			}
		}
		if got != wantOwner {
			t.Errorf("%s controlled by %q, want %q", name, got, wantOwner)
		}
	}
	var results []string
	for _, dd := range ds.List() {
		results = append(results, dd.Result)
	}
	if want := []string{"adopted ReplicaSet web-orphan", "released ReplicaSet web-stray"}; !slices.Equal(results, want) {
		t.Errorf("decisions %v, want %v", results, want)
	}
}

func TestClaimPodsFilters(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	pods := []*api.Pod{createTestPod(t, s, "keep", productionLabel, nil), createTestPod(t, s, "skip", productionLabel, nil)}
	claimed, err := NewRefManager(s, rs, selectorOf(t, productionLabel), nil).ClaimPods(pods, func(p *api.Pod) bool { return p.Name == "keep" })
	if err != nil || !slices.Equal(podNames(claimed), []string{"keep"}) {
		t.Errorf("ClaimPods = %v, %v", podNames(claimed), err)
	}
	if getPod(t, s, "skip").ControllerRef() != nil {
		t.Error("filtered-out pod adopted")
	}
}

func TestAggregate(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	for _, tt := range []struct {
		errs []error
		want string
	}{
		{[]error{a}, "a"},
		{[]error{a, b}, "[a, b]"},
		{[]error{a, a}, "a"},
		{[]error{a, b, a}, "[a, b]"},
	} {
		if got := newAggregate(tt.errs).Error(); got != tt.want {
			t.Errorf("aggregate(%v) = %q, want %q", tt.errs, got, tt.want)
		}
	}
	if newAggregate(nil) != nil {
		t.Error("empty aggregate is not nil")
	}
}
