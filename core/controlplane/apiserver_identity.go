package controlplane

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// The API server's identity Lease (pkg/controlplane/apiserver/server.go,
// APIServerIdentity, beta and on by default).
const (
	// APIServerID is GenericAPIServer.APIServerID for Hostname
	// (k8s.io/apiserver pkg/server/config.go NewConfig): "apiserver-" and
	// the lower-case unpadded base32 of the first 16 bytes of the sha256 of
	// the cryptobyte string u16len(hostname) hostname u16len(
	// "kube-apiserver") "kube-apiserver". It is a constant here because the
	// host name is (identity_test.go recomputes it); the wasm carries no
	// sha256.
	APIServerID = "apiserver-6o6msxvvrtdpw2p7i3su4ezcty"
	// IdentityLeaseComponentLabelKey labels the Lease with the server kind.
	IdentityLeaseComponentLabelKey = "apiserver.kubernetes.io/identity"
	// IdentityLeaseDurationSeconds is IdentityLeaseDurationSeconds: an
	// hour, after which apiserverleasegc may delete a dead server's Lease.
	IdentityLeaseDurationSeconds int32 = 3600
	// IdentityLeaseRenewIntervalPeriod is IdentityLeaseRenewIntervalPeriod.
	// The lease controller jitters it by up to 4% (10 s to 10.4 s); on the
	// one-second clock that is every 10 s.
	IdentityLeaseRenewIntervalPeriod = 10 * time.Second
)

// APIServerIdentity is the API server's identity lease controller
// (component-helpers lease.NewController with labelAPIServerHeartbeatFunc):
// it creates kube-system/<APIServerID> when the server starts and renews
// it every 10 s. It is a time-driven actor of the cluster.
type APIServerIdentity struct {
	server *apiserver.Server
	clock  clock.Source
	holder string
	latest *api.Lease
	next   time.Time
}

// NewAPIServerIdentity returns the controller of a server whose holder
// identity is APIServerID + "_" + a uuid from the seed, and runs its first
// sync (the post-start hook).
func NewAPIServerIdentity(s *apiserver.Server, clk clock.Source, seed uint64) *APIServerIdentity {
	a := &APIServerIdentity{server: s, clock: clk, holder: APIServerID + "_" + NewUUID(Stream(seed, "kube-apiserver/1"))}
	a.Tick()
	return a
}

// Name implements cluster.Actor.
func (a *APIServerIdentity) Name() string { return "kube-apiserver" }

// Tick implements cluster.Actor: the lease controller's sync when due
// (Run: wait.JitterUntil(sync, renewInterval, 0.04, sliding)).
func (a *APIServerIdentity) Tick() {
	now := a.clock.Now()
	if now.Before(a.next) {
		return
	}
	a.next = now.Add(IdentityLeaseRenewIntervalPeriod)
	a.sync()
}

// sync is controller.sync: update the last written Lease; failing that,
// get or create it, and update it unless it was just created.
func (a *APIServerIdentity) sync() {
	if a.latest != nil && a.update(a.latest) == nil {
		return
	}
	lease, err := apiserver.GetAs[*api.Lease](a.server, metav1NamespaceSystem, APIServerID)
	switch {
	case apiserver.IsNotFound(err):
		obj, err := a.server.Create(a.newLease(nil))
		if err == nil {
			a.latest = obj.(*api.Lease)
		}
	case err == nil:
		a.latest = lease
		_ = a.update(lease)
	}
}

func (a *APIServerIdentity) update(base *api.Lease) error {
	obj, err := a.server.Update(a.newLease(base))
	if err != nil {
		return err
	}
	a.latest = obj.(*api.Lease)
	return nil
}

// newLease is controller.newLease with the post-process function: the
// holder on a new Lease, the duration and renewTime asserted on every
// write, the identity and hostname labels (the peer-address annotation
// needs UnknownVersionInteroperabilityProxy, an alpha gate).
func (a *APIServerIdentity) newLease(base *api.Lease) *api.Lease {
	var l *api.Lease
	if base == nil {
		holder := a.holder
		l = &api.Lease{ObjectMeta: api.ObjectMeta{Name: APIServerID, Namespace: metav1NamespaceSystem},
			Spec: api.LeaseSpec{HolderIdentity: &holder}}
	} else {
		l = api.DeepCopy(base)
	}
	d := IdentityLeaseDurationSeconds
	l.Spec.LeaseDurationSeconds = &d
	l.Spec.RenewTime = &api.MicroTime{Time: api.NewTime(a.clock.Now())}
	if l.Labels == nil {
		l.Labels = map[string]string{}
	}
	l.Labels[IdentityLeaseComponentLabelKey] = "kube-apiserver"
	l.Labels[labelHostname] = Hostname
	return l
}

const (
	// metav1NamespaceSystem is metav1.NamespaceSystem.
	metav1NamespaceSystem = "kube-system"
	// labelHostname is v1.LabelHostname.
	labelHostname = "kubernetes.io/hostname"
)
