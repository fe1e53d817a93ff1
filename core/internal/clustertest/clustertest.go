// Package clustertest drives a cluster.Cluster from tests: it creates
// objects, settles the controllers' work and ticks time, keeps every step
// the cluster reports, and fails the test on any error.
package clustertest

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/cluster"
)

// Driver is embedded in a test's fixture, next to what the fixture adds.
type Driver struct {
	T testing.TB
	C *cluster.Cluster
	// Steps holds every step result since the driver began.
	Steps []cluster.StepResult
}

// Create creates obj through the API server and returns what it stored.
func (d *Driver) Create(obj api.Object) api.Object {
	d.T.Helper()
	out, err := d.C.API.Create(obj)
	if err != nil {
		d.T.Fatalf("create: %v", err)
	}
	return out
}

// Settle runs the controllers until none has work left.
func (d *Driver) Settle() {
	d.T.Helper()
	steps, err := d.C.Settle()
	if err != nil {
		d.T.Fatal(err)
	}
	d.Steps = append(d.Steps, steps...)
}

// Tick lets n simulated seconds pass, one at a time.
func (d *Driver) Tick(n int) {
	d.T.Helper()
	for range n {
		steps, err := d.C.Tick()
		if err != nil {
			d.T.Fatal(err)
		}
		d.Steps = append(d.Steps, steps...)
	}
}

// RunWithoutKubelet creates pod, bound to a node no kubelet runs on
// (pod.Spec.NodeName), and writes the status a kubelet would report for it
// running and ready at ip. A test that changes a pod's status itself uses
// it: a kubelet would write its own status back.
func (d *Driver) RunWithoutKubelet(pod *api.Pod, ip string) *api.Pod {
	d.T.Helper()
	p := d.Create(pod).(*api.Pod)
	p.Status.Phase = api.PodRunning
	p.Status.PodIP, p.Status.PodIPs = ip, []api.PodIP{{IP: ip}}
	p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}
	out, err := d.C.API.UpdateStatus(p)
	if err != nil {
		d.T.Fatalf("pod %s status: %v", p.Name, err)
	}
	return out.(*api.Pod)
}
