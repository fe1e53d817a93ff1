package deployment

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Builders shaped like upstream's test helpers (deployment_util_test.go's
// generateDeployment/generateRS, deployment_controller_test.go's
// newDeployment/rs/newRSWithStatus), so ported tables read the same.

func ptr[T any](v T) *T { return &v }

func intstr(i int32) *api.IntOrString   { v := api.FromInt(i); return &v }
func percent(s string) *api.IntOrString { v := api.FromString(s); return &v }

var testEpoch = time.Date(2016, 5, 20, 0, 0, 0, 0, time.UTC)

func at(d time.Duration) api.Time { return api.Time{Time: testEpoch.Add(d)} }

// generateDeployment is a one-replica Deployment named after its image.
func generateDeployment(image string) *api.Deployment {
	podLabels := map[string]string{"name": image}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: image, Annotations: map[string]string{}},
		Spec: api.DeploymentSpec{
			Replicas: ptr[int32](1),
			Selector: &api.LabelSelector{MatchLabels: podLabels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: podLabels},
				Spec: api.PodSpec{
					Containers:                    []api.Container{{Name: image, Image: image, ImagePullPolicy: api.PullAlways}},
					RestartPolicy:                 api.RestartPolicyAlways,
					TerminationGracePeriodSeconds: ptr[int64](30),
				},
			},
		},
	}
}

var rsCounter int

// generateRS is a ReplicaSet controlled by d with d's template and 0
// replicas.
func generateRS(d *api.Deployment) *api.ReplicaSet {
	rsCounter++
	template := api.DeepCopy(&d.Spec.Template)
	yes := true
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{
			UID:             "rs-uid-" + itoa(rsCounter),
			Name:            d.Name + "-" + itoa(rsCounter),
			Labels:          template.Labels,
			OwnerReferences: []api.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: d.Name, UID: d.UID, Controller: &yes}},
		},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr[int32](0),
			Template: *template,
			Selector: &api.LabelSelector{MatchLabels: template.Labels},
		},
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// newDeployment is upstream's test newDeployment: RollingUpdate with
// maxSurge and maxUnavailable 0 unless given.
func newDeployment(name string, replicas int32, historyLimit *int32, maxSurge, maxUnavailable *api.IntOrString, selector map[string]string) *api.Deployment {
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: "uid-" + name, Annotations: map[string]string{}},
		Spec: api.DeploymentSpec{
			Strategy: api.DeploymentStrategy{
				Type:          api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxUnavailable: intstr(0), MaxSurge: intstr(0)},
			},
			Replicas: ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: selector},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: selector},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "foo", Image: "foo/bar"}}},
			},
			RevisionHistoryLimit: historyLimit,
		},
	}
	if maxSurge != nil {
		d.Spec.Strategy.RollingUpdate.MaxSurge = maxSurge
	}
	if maxUnavailable != nil {
		d.Spec.Strategy.RollingUpdate.MaxUnavailable = maxUnavailable
	}
	return d
}

// rs is upstream's test rs(): a named ReplicaSet with a size and creation
// time.
func rs(name string, replicas int32, selector map[string]string, created api.Time) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, UID: "uid-" + name, Namespace: "default", CreationTimestamp: created},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: selector},
		},
	}
}

// newRSWithStatus is rs() with status.replicas.
func newRSWithStatus(name string, SpecReplicas, statusReplicas int32, selector map[string]string) *api.ReplicaSet {
	r := rs(name, SpecReplicas, selector, api.Time{})
	r.Status.Replicas = statusReplicas
	return r
}
