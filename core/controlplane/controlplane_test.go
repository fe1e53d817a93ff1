package controlplane_test

import (
	"crypto/sha256"
	"encoding/base32"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controlplane"
	"github.com/kubeplay/kubeplay/core/sim"
)

// APIServerID is k8s.io/apiserver's NewConfig identity for Hostname.
func TestAPIServerID(t *testing.T) {
	var b []byte
	for _, s := range []string{controlplane.Hostname, "kube-apiserver"} {
		b = append(b, byte(len(s)>>8), byte(len(s)))
		b = append(b, s...)
	}
	sum := sha256.Sum256(b)
	want := "apiserver-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
	if controlplane.APIServerID != want {
		t.Errorf("APIServerID = %s, want %s", controlplane.APIServerID, want)
	}
}

func lease(t *testing.T, s *sim.Sim, name string) *api.Lease {
	t.Helper()
	l, err := apiserver.GetAs[*api.Lease](s.API, "kube-system", name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func tick(t *testing.T, s *sim.Sim, n int) {
	t.Helper()
	for range n {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
}

// The control plane's Leases on a new cluster, and their renewal: the
// elected ones every 2 s, the API server's every 10 s.
func TestLeasesRenewed(t *testing.T) {
	s, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	kcm := lease(t, s, "kube-controller-manager")
	if h := *kcm.Spec.HolderIdentity; !strings.HasPrefix(h, "kubeplay-control-plane_") || len(h) != len("kubeplay-control-plane_")+36 {
		t.Errorf("holder %q", h)
	}
	if *kcm.Spec.LeaseDurationSeconds != 15 || *kcm.Spec.LeaseTransitions != 0 || !kcm.Spec.AcquireTime.Equal(s.Now()) {
		t.Errorf("spec %+v", kcm.Spec)
	}
	id := lease(t, s, controlplane.APIServerID)
	if id.Labels["apiserver.kubernetes.io/identity"] != "kube-apiserver" || id.Labels["kubernetes.io/hostname"] != controlplane.Hostname ||
		*id.Spec.LeaseDurationSeconds != 3600 || !strings.HasPrefix(*id.Spec.HolderIdentity, controlplane.APIServerID+"_") {
		t.Errorf("identity lease %+v", id)
	}
	start := s.Now()
	tick(t, s, 11)
	for name, want := range map[string]int{"kube-controller-manager": 10, "kube-scheduler": 10, controlplane.APIServerID: 10} {
		l := lease(t, s, name)
		if got := int(l.Spec.RenewTime.Sub(start).Seconds()); got != want {
			t.Errorf("%s renewed at %d s, want %d", name, got, want)
		}
	}
}

// A stopped kube-controller-manager keeps its Lease; the next run waits
// until it has seen the Lease unchanged for 15 s, then takes it over with
// one more transition, and says so in a LeaderElection event.
func TestControllerManagerHandOver(t *testing.T) {
	s, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tick(t, s, 3)
	old := *lease(t, s, "kube-controller-manager").Spec.HolderIdentity
	if err := s.StopControllerManager(); err != nil {
		t.Fatal(err)
	}
	if err := s.StopControllerManager(); err != controlplane.ErrStopped {
		t.Errorf("second stop: %v", err)
	}
	tick(t, s, 5)
	if err := s.StartControllerManager(); err != nil {
		t.Fatal(err)
	}
	started := s.Now()
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	if st := s.ControllerManager(); st.State != "waiting" || st.Holder != old || !st.ValidUntil.Equal(started.Add(15e9)) {
		t.Errorf("status %+v", st)
	}
	var took int
	for took = 0; took < 30 && s.ControllerManager().State != "leading"; took++ {
		tick(t, s, 1)
	}
	if took < 15 || took > 19 {
		t.Errorf("took over after %d s, want 15 s plus at most one jittered retry", took)
	}
	l := lease(t, s, "kube-controller-manager")
	if *l.Spec.HolderIdentity == old || *l.Spec.LeaseTransitions != 1 || !l.Spec.AcquireTime.Equal(s.Now()) {
		t.Errorf("lease after hand-over %+v", l.Spec)
	}
	evs, _, _ := apiserver.ListAs[*api.Event](s.API, "kube-system", nil)
	var msgs []string
	for _, e := range evs {
		if e.Reason == "LeaderElection" && e.InvolvedObject.Name == "kube-controller-manager" && e.Source.Component == "kube-controller-manager" {
			msgs = append(msgs, e.Message)
		}
	}
	if len(msgs) != 2 || msgs[1] != *l.Spec.HolderIdentity+" became leader" {
		t.Errorf("LeaderElection events %q", msgs)
	}
}

// While kube-controller-manager is stopped nothing reconciles: a new
// Deployment gets no ReplicaSet until a new run leads.
func TestNothingReconcilesWithoutLeader(t *testing.T) {
	s, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.StopControllerManager(); err != nil {
		t.Fatal(err)
	}
	d := &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}}}}
	if _, err := s.API.Create(d); err != nil {
		t.Fatal(err)
	}
	rsCount := func() int {
		rss, _, _ := apiserver.ListAs[*api.ReplicaSet](s.API, "default", nil)
		return len(rss)
	}
	tick(t, s, 30)
	if n := rsCount(); n != 0 {
		t.Fatalf("%d ReplicaSets with no controller manager", n)
	}
	if err := s.StartControllerManager(); err != nil {
		t.Fatal(err)
	}
	tick(t, s, 14)
	if n := rsCount(); n != 0 {
		t.Fatalf("%d ReplicaSets before the old Lease expired", n)
	}
	tick(t, s, 6)
	if n := rsCount(); n != 1 {
		t.Fatalf("%d ReplicaSets after the hand-over, want 1", n)
	}
}
