package kubectl

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Undo's whole flow is in the Deployment controller's
// testdata/rollback.txt and the walkthrough golden; these are the edges.
func TestUndoErrors(t *testing.T) {
	c := newTestCluster(t)
	if _, err := Undo(c.API, "default", "web", 0, false); !apiserver.IsNotFound(err) || err.Error() != `deployments.apps "web" not found` {
		t.Errorf("missing Deployment: %v", err)
	}
	s := &session{t: t, c: c}
	if r := s.run("kubectl create deployment web --image=nginx:1.25"); r.ExitCode != 0 {
		t.Fatal(r.Output)
	}
	s.tick(1)
	if _, err := Undo(c.API, "default", "web", -1, false); err == nil || err.Error() != "unable to find specified revision -1 in history" {
		t.Errorf("negative revision: %v", err)
	}
	if _, err := Undo(c.API, "default", "web", 0, false); err == nil || err.Error() != `no rollout history found for deployment "web"` {
		t.Errorf("single revision: %v", err)
	}
	// A ReplicaSet selected by the Deployment but not controlled by it is
	// not history.
	d, err := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	stray := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "stray", Namespace: "default", Labels: map[string]string{"app": "web"},
			Annotations:     map[string]string{deploymentutil.RevisionAnnotation: "7"},
			OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "Other", Name: "o", UID: "other", Controller: &yes}}},
		Spec: api.ReplicaSetSpec{Replicas: new(int32), Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: d.Spec.Template},
	}
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
	c := newTestCluster(t)
	s := &session{t: t, c: c}
	for _, line := range []string{"kubectl create deployment web --image=nginx:1.14.2", "kubectl set image deployment/web nginx=nginx:1.16.1"} {
		if r := s.run(line); r.ExitCode != 0 {
			t.Fatal(r.Output)
		}
		s.tick(1)
	}
	// Revision 1's template again, with no sync since: the controller has
	// not seen it, so revision 1 is still the previous one.
	d, err := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	d.Spec.Template.Spec.Containers[0].Image = "nginx:1.14.2"
	if _, err := c.API.Update(d); err != nil {
		t.Fatal(err)
	}
	if msg, err := Undo(c.API, "default", "web", 0, false); err != nil || msg != "deployment.apps/web skipped rollback (current template already matches revision 0)" {
		t.Errorf("plain undo: %q, %v", msg, err)
	}
}
