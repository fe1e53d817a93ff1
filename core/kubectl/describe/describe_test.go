package describe

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestDescribeDeployment(t *testing.T) {
	d := nginxDeployment()
	rs := nginxRS("nginx-deployment-86dcfdf4c6", "86dcfdf4c6", 31*time.Second, 3, 3, nginxTemplate("86dcfdf4c6"))
	ev := scalingEvent("nginx-deployment", "d-uid", "Scaled up replica set nginx-deployment-86dcfdf4c6 from 0 to 3", 31*time.Second, 31*time.Second, 1)
	check(t, "rolled out", render(t, func(w *strings.Builder) error {
		return Deployment(w, d, []*api.ReplicaSet{rs}, []*api.Event{ev}, now)
	}), wantDeploymentRolledOut)

	d, all, evs := midRollout()
	check(t, "mid rollout", render(t, func(w *strings.Builder) error { return Deployment(w, d, all, evs, now) }),
		wantDeploymentMidRollout)

	d = nginxDeployment()
	d.Spec.Strategy = api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}
	d.Status = api.DeploymentStatus{}
	check(t, "recreate, nothing yet", render(t, func(w *strings.Builder) error { return Deployment(w, d, nil, nil, now) }),
		wantDeploymentRecreate)
}

func TestDescribePodAndReplicaSet(t *testing.T) {
	name := "nginx-deployment-86dcfdf4c6-7ci7o"
	p := nginxPod(name)
	check(t, "pod", render(t, func(w *strings.Builder) error { return Pod(w, p, podEvents(name), now) }), wantPodRunning)

	rs := nginxRS("nginx-deployment-86dcfdf4c6", "86dcfdf4c6", 31*time.Second, 3, 3, nginxTemplate("86dcfdf4c6"))
	pending := nginxPod("nginx-deployment-86dcfdf4c6-x2x2x")
	pending.Status.Phase = api.PodPending
	orphan := nginxPod("nginx-deployment-86dcfdf4c6-orphn")
	orphan.OwnerReferences = nil
	check(t, "replicaset", render(t, func(w *strings.Builder) error {
		return ReplicaSet(w, rs, []*api.Pod{p, pending, orphan}, nil, now)
	}), wantReplicaSet)
}

func TestDescribeServiceAndNode(t *testing.T) {
	svc, slices := webService()
	check(t, "service", render(t, func(w *strings.Builder) error { return Service(w, svc, slices, nil, now) }), wantServiceNodePort)
	n, pods, lease := kindWorker()
	check(t, "node", render(t, func(w *strings.Builder) error { return Node(w, n, pods, lease, nil, now) }), wantNode)
}
