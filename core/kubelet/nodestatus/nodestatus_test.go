package nodestatus

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

var t0 = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

func TestInitialNode(t *testing.T) {
	n := InitialNode(Machine{Name: "node-2", PodCIDR: PodCIDR(2), InternalIP: InternalIP(2),
		Labels: map[string]string{"disk": "ssd", "kubernetes.io/os": "plan9"}, Unschedulable: true,
		Taints: []api.Taint{{Key: "gpu", Effect: api.TaintEffectNoSchedule}}}, t0)
	b, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"labels":{"beta.kubernetes.io/arch":"amd64","beta.kubernetes.io/os":"linux","disk":"ssd","kubernetes.io/arch":"amd64","kubernetes.io/hostname":"node-2","kubernetes.io/os":"plan9"}`,
		`"annotations":{"volumes.kubernetes.io/controller-managed-attach-detach":"true"}`,
		`"spec":{"podCIDR":"10.244.2.0/24","podCIDRs":["10.244.2.0/24"],"unschedulable":true,"taints":[{"key":"gpu","effect":"NoSchedule"},{"key":"node.kubernetes.io/unschedulable","effect":"NoSchedule"}]}`,
		`"capacity":{"cpu":"4","ephemeral-storage":"100Gi","hugepages-1Gi":"0","hugepages-2Mi":"0","memory":"8Gi","pods":"110"},"allocatable":{"cpu":"4","ephemeral-storage":"100Gi","hugepages-1Gi":"0","hugepages-2Mi":"0","memory":"8Gi","pods":"110"}`,
		`"addresses":[{"type":"InternalIP","address":"172.18.0.3"},{"type":"Hostname","address":"node-2"}]`,
		`"nodeInfo":{"machineID":"","systemUUID":"","bootID":"","kubeletVersion":"v1.37.0","containerRuntimeVersion":"containerd://2.1.4","osImage":"Debian GNU/Linux 12 (bookworm)","kernelVersion":"6.8.0-60-generic","operatingSystem":"linux","architecture":"amd64"}`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
}

// A condition keeps its lastTransitionTime while its status holds; its
// heartbeat moves. Without a time the conditions are left unstamped.
func TestStatusConditionTimes(t *testing.T) {
	old := InitialNode(Machine{Name: "n"}, t0)
	old.Status.Conditions[3].Status = api.ConditionUnknown
	later := t0.Add(time.Minute)
	s := Status(Machine{Name: "n"}, old, later)
	for _, c := range s.Conditions {
		wantLT := t0
		if c.Type == api.NodeReady {
			wantLT = later
		}
		if !c.LastHeartbeatTime.Equal(later) || !c.LastTransitionTime.Equal(wantLT) {
			t.Errorf("%s: heartbeat %v transition %v", c.Type, c.LastHeartbeatTime, c.LastTransitionTime)
		}
	}
	for _, c := range HealthyConditions(time.Time{}) {
		if !c.LastHeartbeatTime.IsZero() || !c.LastTransitionTime.IsZero() {
			t.Errorf("%s stamped: %+v", c.Type, c)
		}
	}
}
