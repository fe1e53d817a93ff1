package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// A dry run answers as the write would, and stores nothing: a create has a
// uid and no resourceVersion; a patch that changes the spec bumps the
// generation and keeps the stored resourceVersion; the store, the global
// resourceVersion and the watch log do not move.
func TestDryRun(t *testing.T) {
	s := newTestServer(1)
	k := api.DeploymentKind
	if _, err := s.Create(testDeployment("web")); err != nil {
		t.Fatal(err)
	}
	rv := s.ResourceVersion()
	oldest := s.oldestResourceVersion()

	var created, patched api.Object
	err := s.DryRun(func() error {
		var err error
		if created, err = s.Create(testDeployment("api")); err != nil {
			return err
		}
		patched, err = s.Patch(k, "default", "web", MergePatchType, []byte(`{"spec":{"replicas":5}}`))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := created.GetObjectMeta(); m.UID == "" || m.CreationTimestamp.IsZero() || m.ResourceVersion != "" || m.Generation != 1 {
		t.Errorf("dry-run create: uid %q, created %v, resourceVersion %q, generation %d", m.UID, m.CreationTimestamp, m.ResourceVersion, m.Generation)
	}
	if _, err := s.Get(k, "default", "api"); !IsNotFound(err) {
		t.Errorf("dry-run create stored the object: %v", err)
	}
	d := patched.(*api.Deployment)
	if *d.Spec.Replicas != 5 || d.Generation != 2 || d.ResourceVersion != rv {
		t.Errorf("dry-run patch: replicas %d, generation %d, resourceVersion %q (stored %q)", *d.Spec.Replicas, d.Generation, d.ResourceVersion, rv)
	}
	live, _ := GetAs[*api.Deployment](s, "default", "web")
	if *live.Spec.Replicas != 2 || live.Generation != 1 {
		t.Errorf("dry-run patch changed the stored object: replicas %d, generation %d", *live.Spec.Replicas, live.Generation)
	}
	if s.ResourceVersion() != rv || s.oldestResourceVersion() != oldest {
		t.Errorf("resourceVersion %s -> %s", rv, s.ResourceVersion())
	}
	// Errors are the real write's.
	err = s.DryRun(func() error {
		_, err := s.Create(testDeployment("web"))
		return err
	})
	if !IsAlreadyExists(err) {
		t.Errorf("dry-run create of an existing name: %v", err)
	}
	// Outside DryRun, writes are stored again.
	if _, err := s.Create(testDeployment("api")); err != nil || s.ResourceVersion() == rv {
		t.Errorf("after DryRun: %v, resourceVersion %s", err, s.ResourceVersion())
	}
}

// A dry run draws its uids from a scratch source: the cluster's own
// stream goes on as if it never ran, so the next real create gets the uid
// it would have got, and a dry run changes nothing a replay could miss.
func TestDryRunLeavesTheSeededStream(t *testing.T) {
	twin, s := newTestServer(1), newTestServer(1)
	var dry api.Object
	if err := s.DryRun(func() (err error) {
		dry, err = s.Create(testDeployment("api"))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Create(testDeployment("web"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := twin.Create(testDeployment("web"))
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.GetObjectMeta().UID, want.GetObjectMeta().UID; g != w {
		t.Errorf("uid after a dry run %s, without one %s", g, w)
	}
	// The same dry run at the same point answers the same.
	var again api.Object
	twin2 := newTestServer(1)
	if err := twin2.DryRun(func() (err error) {
		again, err = twin2.Create(testDeployment("api"))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if a, d := again.GetObjectMeta().UID, dry.GetObjectMeta().UID; a != d {
		t.Errorf("the same dry run answered uid %s, then %s", d, a)
	}
}
