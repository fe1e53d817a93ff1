package describe

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

var now = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func ago(d time.Duration) api.Time { return api.NewTime(now.Add(-d)) }

func i32(v int32) *int32 { return &v }

func truep() *bool { b := true; return &b }

func pct(s string) *api.IntOrString { v := api.FromString(s); return &v }

func controller(kind, name, uid string) []api.OwnerReference {
	return []api.OwnerReference{{APIVersion: "apps/v1", Kind: kind, Name: name, UID: uid, Controller: truep(), BlockOwnerDeletion: truep()}}
}

func nginxTemplate(hash string) api.PodTemplateSpec {
	labels := map[string]string{"app": "nginx"}
	if hash != "" {
		labels["pod-template-hash"] = hash
	}
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: labels},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
			Ports: []api.ContainerPort{{ContainerPort: 80, Protocol: api.ProtocolTCP}}}}},
	}
}

// nginxDeployment is the Deployment concept page's nginx-deployment after
// `kubectl apply`, rolled out.
func nginxDeployment() *api.Deployment {
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx-deployment", Namespace: "default", UID: "d-uid",
			CreationTimestamp: ago(31 * time.Second), Labels: map[string]string{"app": "nginx"},
			Annotations: map[string]string{
				"deployment.kubernetes.io/revision":                "1",
				"kubectl.kubernetes.io/last-applied-configuration": `{"apiVersion":"apps/v1","kind":"Deployment"}`,
			}},
		Spec: api.DeploymentSpec{
			Replicas: i32(3),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}},
			Template: nginxTemplate(""),
			Strategy: api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxUnavailable: pct("25%"), MaxSurge: pct("25%")}},
		},
		Status: api.DeploymentStatus{Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3,
			Conditions: []api.DeploymentCondition{
				{Type: api.DeploymentAvailable, Status: api.ConditionTrue, Reason: "MinimumReplicasAvailable"},
				{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: "NewReplicaSetAvailable"},
			}},
	}
	api.SetTypeMeta(d)
	return d
}

func nginxRS(name, hash string, age time.Duration, replicas, current int32, tmpl api.PodTemplateSpec) *api.ReplicaSet {
	rs := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: name + "-uid", CreationTimestamp: ago(age),
			Labels:          map[string]string{"app": "nginx", "pod-template-hash": hash},
			Annotations:     map[string]string{"deployment.kubernetes.io/desired-replicas": "3", "deployment.kubernetes.io/max-replicas": "4", "deployment.kubernetes.io/revision": "1"},
			OwnerReferences: controller("Deployment", "nginx-deployment", "d-uid")},
		Spec: api.ReplicaSetSpec{Replicas: i32(replicas),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx", "pod-template-hash": hash}},
			Template: tmpl},
		Status: api.ReplicaSetStatus{Replicas: current, ReadyReplicas: current, AvailableReplicas: current},
	}
	api.SetTypeMeta(rs)
	return rs
}

func scalingEvent(obj string, uid string, msg string, first, last time.Duration, count int32) *api.Event {
	e := &api.Event{
		ObjectMeta:     api.ObjectMeta{Name: obj + ".1", Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "Deployment", Namespace: "default", Name: obj, UID: uid, APIVersion: "apps/v1"},
		Reason:         "ScalingReplicaSet", Message: msg, Type: "Normal",
		Source:         api.EventSource{Component: "deployment-controller"},
		FirstTimestamp: ago(first), LastTimestamp: ago(last), Count: count,
	}
	api.SetTypeMeta(e)
	return e
}

func quantity(s string) resource.Quantity { return resource.MustParse(s) }

func check(t *testing.T, name, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n--- got ---\n%s--- want ---\n%s", name, got, want)
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Errorf("first difference, line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
				break
			}
		}
	}
}

func render(t *testing.T, f func(w *strings.Builder) error) string {
	t.Helper()
	var b strings.Builder
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
