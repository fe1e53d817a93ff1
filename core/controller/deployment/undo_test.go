package deployment

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

// Undo's whole flow is in testdata/rollback.txt; these are the edges.
func TestUndoErrors(t *testing.T) {
	c := cluster.New(1)
	c.Add(New(c.Context))
	if _, err := Undo(c.API, "default", "web", 0, false); !apiserver.IsNotFound(err) || err.Error() != `deployments.apps "web" not found` {
		t.Errorf("missing Deployment: %v", err)
	}
	if _, err := c.API.Create(webDeployment("web", 1, map[string]string{"app": "web"})); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	if _, err := Undo(c.API, "default", "web", -1, false); err == nil || err.Error() != "unable to find specified revision -1 in history" {
		t.Errorf("negative revision: %v", err)
	}
	if _, err := Undo(c.API, "default", "web", 0, false); err == nil || err.Error() != `no rollout history found for deployment "web"` {
		t.Errorf("single revision: %v", err)
	}
	// A ReplicaSet selected by the Deployment but not controlled by it is
	// not history.
	stray := rs("stray", 0, map[string]string{"app": "web"}, api.Time{})
	stray.Labels = map[string]string{"app": "web"}
	stray.Annotations = map[string]string{RevisionAnnotation: "7"}
	stray.Finalizers = nil
	stray.Spec.Template = webDeployment("x", 1, map[string]string{"app": "web"}).Spec.Template
	stray.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Other", Name: "o", UID: "other", Controller: ptr(true)}}
	if _, err := c.API.Create(stray); err != nil {
		t.Fatal(err)
	}
	if _, err := Undo(c.API, "default", "web", 7, false); err == nil || err.Error() != "unable to find specified revision 7 in history" {
		t.Errorf("foreign ReplicaSet: %v", err)
	}
	if msg, err := Undo(c.API, "default", "web", 1, false); err != nil || msg != "deployment.apps/web skipped rollback (current template already matches revision 1)" {
		t.Errorf("current revision: %q, %v", msg, err)
	}
}

// TestUndoSkippedNamesTheRevisionAsked checks kubectl's
// DeploymentRollbacker.Rollback (polymorphichelpers/rollback.go): when the
// target ReplicaSet's template already equals the Deployment's, the
// "skipped rollback" line names toRevision as given, so a plain undo (0)
// prints "revision 0", not the revision it found.
func TestUndoSkippedNamesTheRevisionAsked(t *testing.T) {
	// The controller has not synced the return to revision 1's template,
	// so revision 1 is still the previous one.
	c, _ := rolledBackUnsynced(t, 1)
	if msg, err := Undo(c.API, "default", "web", 0, false); err != nil || msg != "deployment.apps/web skipped rollback (current template already matches revision 0)" {
		t.Errorf("plain undo: %q, %v", msg, err)
	}
}

// rolledBackUnsynced is web (image nginx:1.14.2, revision 1) rolled to
// nginx:1.16.1 (revision 2) and settled, then given revision 1's template
// again, with no sync since: the cluster (Deployment controller only) and
// revision 1's ReplicaSet.
func rolledBackUnsynced(t *testing.T, replicas int32) (*cluster.Cluster, *api.ReplicaSet) {
	t.Helper()
	c, _, _, first := oneReplicaSet(t, webDeployment("web", replicas, map[string]string{"app": "web"}))
	for i, image := range []string{"nginx:1.16.1", "nginx:1.14.2"} {
		d, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		d.Spec.Template.Spec.Containers[0].Image = image
		if _, err := c.API.Update(d); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := c.Settle(); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c, first
}
