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
	k, _ := api.LookupKind("Deployment")
	if _, err := s.Create(testDeployment("web")); err != nil {
		t.Fatal(err)
	}
	rv := s.ResourceVersion()
	oldest := s.OldestResourceVersion()

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
	if s.ResourceVersion() != rv || s.OldestResourceVersion() != oldest {
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
