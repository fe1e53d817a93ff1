package controlplane

import (
	"errors"
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/leaderelection"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

// ControllerManagerName is kube-controller-manager's component name: its
// Lease (--leader-elect-resource-name), the source of its events
// (KubeControllerManagerUserAgent).
const ControllerManagerName = "kube-controller-manager"

// ControllerManager is the kube-controller-manager process on the
// control-plane host, which an operator can stop (a crash, an upgrade) and
// start again. Each run is a new process (cmd/kube-controller-manager
// app.Run): a new identity "<hostname>_<uuid>", leader election on
// kube-system/kube-controller-manager (leaderElectAndRun), and, only once
// it leads, the controllers, built afresh: empty queues and expectations,
// every object listed again. While no run leads, nothing the controllers
// do happens: no ReplicaSet is scaled, no pod is created or collected.
//
// A stopped run releases nothing: ReleaseOnCancel needs the
// ControllerManagerReleaseLeaderElectionLockOnExit gate (alpha, off in
// v1.37), so the next run waits until the Lease has not changed for 15 s
// as it observed it.
type ControllerManager struct {
	cl    *cluster.Cluster
	build func(ctx *controller.Context) []controller.Controller
	add   func(ctls []controller.Controller)

	runs    int
	process string
	ctx     *controller.Context
	elector *leaderelection.Elector
	ctls    []controller.Controller
	// conn is --kube-api-qps and --kube-api-burst, once set; nil keeps
	// the defaults (controller.KubeControllerManagerClient).
	conn *controller.ClientConnection
}

// NewControllerManager returns a stopped controller manager whose runs
// build their controllers with build and hand them to the cluster with
// add (nil: cluster.Add).
func NewControllerManager(cl *cluster.Cluster, build func(ctx *controller.Context) []controller.Controller,
	add func(ctls []controller.Controller)) *ControllerManager {
	if add == nil {
		add = func(ctls []controller.Controller) { cl.Add(ctls...) }
	}
	return &ControllerManager{cl: cl, build: build, add: add}
}

// ErrRunning and ErrStopped are what Start and Stop say when there is
// nothing to do.
var (
	ErrRunning = errors.New("kube-controller-manager is already running")
	ErrStopped = errors.New("kube-controller-manager is not running")
)

// Boot starts the first run with the cluster and makes its first attempt
// at once: on a new cluster it creates the Lease and leads, so its
// controllers exist before the nodes join, as on a real control plane.
func (m *ControllerManager) Boot() ([]controller.Decision, error) {
	if err := m.Start(); err != nil {
		return nil, err
	}
	return m.elector.TryNow(), nil
}

// Start starts a new run of the process; its first election attempt is
// queued, to run with the next reconcile.
func (m *ControllerManager) Start() error {
	if m.elector != nil {
		return ErrRunning
	}
	m.runs++
	m.process = fmt.Sprintf("%s/%d", ControllerManagerName, m.runs)
	m.ctx = m.cl.Context.ForProcess(m.process)
	if m.conn != nil {
		m.ctx.SetClientConnection(*m.conn)
	}
	m.elector = leaderelection.New(m.ctx, leaderelection.Config{
		Namespace:     "kube-system",
		Name:          ControllerManagerName,
		Identity:      Identity(m.cl.Seed(), ControllerManagerName, m.runs),
		LeaseDuration: leaderelection.DefaultLeaseDuration,
		RenewDeadline: leaderelection.DefaultRenewDeadline,
		RetryPeriod:   leaderelection.DefaultRetryPeriod,
		Recorder:      m.ctx.Recorder(ControllerManagerName, ""),
		Rand:          Stream(m.cl.Seed(), fmt.Sprintf("%s/%d/jitter", ControllerManagerName, m.runs)),
		// OnStartedLeading: run(ctx, controllerDescriptors).
		OnStartedLeading: func() {
			m.ctls = m.build(m.ctx)
			m.add(m.ctls)
		},
		// OnStoppedLeading: "leaderelection lost", the process exits.
		OnStoppedLeading: func() { m.exit() },
	})
	m.cl.Add(m.elector)
	return nil
}

// SetClientConnection sets --kube-api-qps and --kube-api-burst (zero
// values are defaulted, as SetDefaults_KubeControllerManagerConfiguration
// does: 20 and 30). Every later run starts with them, and the running one
// takes them at once: its controllers' clients get new, full buckets, as
// if the process had been restarted with the flags (without the restart's
// wait for the Lease).
func (m *ControllerManager) SetClientConnection(conn controller.ClientConnection) {
	if conn.QPS == 0 {
		conn.QPS = controller.KubeControllerManagerClient.QPS
	}
	if conn.Burst == 0 {
		conn.Burst = controller.KubeControllerManagerClient.Burst
	}
	m.conn = &conn
	if m.ctx != nil {
		m.ctx.SetClientConnection(conn)
	}
}

// Stop kills the running process: its controllers stop where they are,
// with whatever they had queued, and the Lease keeps its last holder.
func (m *ControllerManager) Stop() error {
	if m.elector == nil {
		return ErrStopped
	}
	m.elector.Stop()
	m.exit()
	return nil
}

func (m *ControllerManager) exit() {
	m.cl.Remove(append([]controller.Controller{m.elector}, m.ctls...)...)
	m.ctx.Informers.RemoveHandlers(m.process)
	m.elector, m.ctls, m.ctx = nil, nil, nil
}

// Status is what the page and the Why? pane say about the process.
type Status struct {
	// State is "leading", "waiting" (running, not leader) or "stopped".
	State    string `json:"state"`
	Identity string `json:"identity,omitempty"`
	// Holder is the Lease's holder as the run last observed it, and
	// ValidUntil when that holder's lease expires for this run.
	Holder     string    `json:"holder,omitempty"`
	ValidUntil time.Time `json:"validUntil,omitzero"`
}

// Status reports the process's state.
func (m *ControllerManager) Status() Status {
	switch {
	case m.elector == nil:
		return Status{State: "stopped"}
	case m.elector.IsLeader():
		return Status{State: "leading", Identity: m.elector.Identity(), Holder: m.elector.Identity()}
	}
	holder, until := m.elector.Observed()
	return Status{State: "waiting", Identity: m.elector.Identity(), Holder: holder, ValidUntil: until}
}

// SchedulerLeaseName is kube-scheduler's Lease.
const SchedulerLeaseName = "kube-scheduler"

// NewSchedulerElector returns kube-scheduler's leader election, added to
// the cluster (cmd/kube-scheduler options.Config: makeLeaderElectionConfig
// with ReleaseOnCancel, and a core/v1 recorder named after the first
// profile's scheduler, default-scheduler). The scheduler is not stopped in
// the playground, so it leads from its first attempt on.
func NewSchedulerElector(cl *cluster.Cluster) *leaderelection.Elector {
	e := leaderelection.New(cl.Context, leaderelection.Config{
		Namespace:       "kube-system",
		Name:            SchedulerLeaseName,
		Identity:        Identity(cl.Seed(), SchedulerLeaseName, 1),
		LeaseDuration:   leaderelection.DefaultLeaseDuration,
		RenewDeadline:   leaderelection.DefaultRenewDeadline,
		RetryPeriod:     leaderelection.DefaultRetryPeriod,
		ReleaseOnCancel: true,
		Recorder:        cl.Context.Recorder(scheduler.Name, ""),
		Rand:            Stream(cl.Seed(), SchedulerLeaseName+"/1/jitter"),
	})
	cl.Add(e)
	return e
}
