// Package sim assembles the standard simulated cluster the playground, the
// scenario runner and the kubectl layer drive: an API server, the
// kube-controller-manager's controllers, the scheduler, and one kubelet per
// worker node (three by default), all on one virtual clock and one seed.
//
// core/cluster is the engine (clock, informers, Step and Tick); this package
// is the wiring, kept separate so the controllers' own tests can build small
// clusters from the engine without importing each other.
package sim

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cloud"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/disruption"
	"github.com/kubeplay/kubeplay/core/controller/endpoint"
	"github.com/kubeplay/kubeplay/core/controller/endpointslice"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/namespace"
	"github.com/kubeplay/kubeplay/core/controller/nodelifecycle"
	"github.com/kubeplay/kubeplay/core/controller/podautoscaler"
	"github.com/kubeplay/kubeplay/core/controller/podgc"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/controller/resourcequota"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"github.com/kubeplay/kubeplay/core/controller/serviceaccount"
	"github.com/kubeplay/kubeplay/core/controller/tainteviction"
	"github.com/kubeplay/kubeplay/core/controller/ttl"
	"github.com/kubeplay/kubeplay/core/controller/volume"
	"github.com/kubeplay/kubeplay/core/controlplane"
	"github.com/kubeplay/kubeplay/core/kubelet"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/leaderelection"
	"github.com/kubeplay/kubeplay/core/quota"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

// Housekeeper says whether the named controller only keeps per-namespace or
// per-node defaults (a ServiceAccount and the CA bundle in every namespace,
// the nodes' TTL annotation): the Why? pane folds their decisions. It lives
// here because core/sim is the one package that wires the controllers.
func Housekeeper(controller string) bool {
	switch controller {
	case serviceaccount.Name, rootcacertpublisher.Name, ttl.Name:
		return true
	}
	return false
}

// Options choose the cluster's seed and nodes.
type Options struct {
	Seed uint64
	// Nodes are the worker nodes at start; nil means node-1..node-3 with the
	// default capacity (cpu 4, memory 8Gi, pods 110).
	Nodes []cluster.NodeOptions
}

// Sim is the standard cluster.
type Sim struct {
	*cluster.Cluster
	// Registry is the simulated image registry every node pulls from;
	// scenarios give images behaviours through it.
	Registry *images.Registry

	kubelets []*kubelet.Kubelet
	// kcm is kube-controller-manager's process; the scheduler only
	// leader-elects, it never stops.
	kcm              *controlplane.ControllerManager
	schedulerElector *leaderelection.Elector
	// history keeps the decisions of recent steps for the Why? pane;
	// recorded counts every decision ever made, so history[0] is decision
	// number recorded-len(history).
	history  []controller.Decision
	recorded int
}

// maxHistory bounds the decision records kept (the page shows recent ones).
const maxHistory = 20_000

// New builds and starts the standard cluster, registering its nodes.
func New(opts Options) (*Sim, error) {
	c := cluster.New(opts.Seed)
	s := &Sim{Cluster: c, Registry: images.New()}
	// The API server's service registry and quota admission, then the
	// `kubernetes` Service every cluster has in default.
	apiserver.InstallServiceAllocator(c.API)
	apiserver.InstallServiceAccounts(c.API)
	quota.Install(c.API)
	apiserver.InstallClassDefaults(c.API)
	if err := apiserver.BootstrapKubernetesService(c.API); err != nil {
		return nil, err
	}
	// kind's default StorageClass, served by its local-path provisioner.
	if err := cloud.InstallLocalPath(c.API); err != nil {
		return nil, err
	}
	ctx := c.Context
	c.API.SetNamespaceRand("kube-system", controlplane.Stream(c.Seed(), "kube-system"))
	// The control plane comes up first: the API server's identity Lease,
	// then kube-controller-manager, which creates its Lease and leads at
	// once, then kube-scheduler, likewise.
	c.AddActor(controlplane.NewAPIServerIdentity(c.API, c.Clock, c.Seed()))
	// The first run builds the scheduler between the resource quota and
	// node lifecycle controllers, where it has always been registered: the
	// order of informer handlers and of controllers decides which queued
	// key runs first among equals, and every transcript depends on it.
	var sched controller.Controller
	first := true
	s.kcm = controlplane.NewControllerManager(c, func(ctx *controller.Context) []controller.Controller {
		ctls := []controller.Controller{
			deployment.New(ctx),
			replicaset.New(ctx),
			garbagecollector.New(ctx),
			namespace.New(ctx),
			// kube-controller-manager registers endpoints-controller just
			// before endpointslice-controller (NewControllerDescriptors).
			endpoint.New(ctx),
			endpointslice.New(ctx),
			resourcequota.New(ctx),
		}
		if first {
			sched = scheduler.New(c.Context)
		}
		return append(ctls,
			nodelifecycle.New(ctx, nodelifecycle.Options{}),
			tainteviction.New(ctx),
			podgc.NewPodGC(ctx, 0),
			ttl.New(ctx),
			serviceaccount.New(ctx),
			rootcacertpublisher.New(ctx),
			volume.New(ctx),
			volume.NewProtection(ctx),
			podautoscaler.New(ctx, metricsServer{registry: s.Registry}),
			disruption.New(ctx),
		)
	}, func(ctls []controller.Controller) {
		if first {
			first = false
			c.Add(ctls[:7]...)
			c.Add(sched)
			c.Add(ctls[7:]...)
			return
		}
		c.Add(ctls...)
	})
	ds, err := s.kcm.Boot()
	if err != nil {
		return nil, err
	}
	s.record([]cluster.StepResult{{Controller: controlplane.ControllerManagerName, Decisions: ds}})
	s.schedulerElector = controlplane.NewSchedulerElector(c)
	s.record([]cluster.StepResult{{Controller: scheduler.Name, Decisions: s.schedulerElector.TryNow()}})
	lb := cloud.NewLoadBalancer(ctx, cloud.Options{})
	c.AddActor(lb, cloud.NewIngressController(ctx, lb), cloud.NewLocalPath(ctx))
	// The cloud controller manager's node controller initializes the nodes
	// whose kubelet runs with --cloud-provider=external (node add ...
	// cloud-provider=external); the default nodes, like kind's, do not.
	c.Add(cloud.NewNodeController(ctx, s.instance))
	nodes := opts.Nodes
	if nodes == nil {
		for i := 1; i <= cluster.DefaultNodeCount; i++ {
			nodes = append(nodes, cluster.NodeOptions{Name: fmt.Sprintf("node-%d", i)})
		}
	}
	for _, n := range nodes {
		if err := s.AddNode(n); err != nil {
			return nil, err
		}
	}
	if _, err := s.settle(); err != nil {
		return nil, err
	}
	return s, nil
}

// Server is the cluster's API server (for the kubectl layer).
func (s *Sim) Server() *apiserver.Server { return s.API }

// Now is the virtual time.
func (s *Sim) Now() time.Time { return s.Clock.Now() }

// Tick advances one simulated second and settles the controllers, keeping
// their decisions.
func (s *Sim) Tick() error {
	steps, err := s.Cluster.Tick()
	s.record(steps)
	return err
}

// Step runs one reconcile and keeps its decisions; false when nothing is
// queued.
func (s *Sim) Step() (cluster.StepResult, bool) {
	r, ok := s.Cluster.Step()
	if ok {
		s.record([]cluster.StepResult{r})
	}
	return r, ok
}

// Settle runs the controllers until every queue is empty, as after a
// kubectl command, keeping their decisions.
func (s *Sim) Settle() error {
	_, err := s.settle()
	return err
}

func (s *Sim) settle() ([]cluster.StepResult, error) {
	steps, err := s.Cluster.Settle()
	s.record(steps)
	return steps, err
}

func (s *Sim) record(steps []cluster.StepResult) {
	for _, r := range steps {
		s.history = append(s.history, r.Decisions...)
		s.recorded += len(r.Decisions)
	}
	if over := len(s.history) - maxHistory; over > 0 {
		// Reslicing, not slices.Delete: moving the 20,000 kept records
		// down at every step was 7% of a 10,000-pod rollout's time; append
		// copies only the kept ones when it next grows the array.
		s.history = s.history[over:]
	}
}

// Decisions returns the kept decision records made at or after tick since.
func (s *Sim) Decisions(since int64) []controller.Decision {
	i, _ := slices.BinarySearchFunc(s.history, since, func(d controller.Decision, t int64) int {
		switch {
		case d.Tick < t:
			return -1
		case d.Tick > t:
			return 1
		}
		return 0
	})
	// BinarySearch finds some record of tick `since`; back up to the first.
	for i > 0 && s.history[i-1].Tick >= since {
		i--
	}
	return s.history[i:]
}

// DecisionCount is how many decisions the cluster has made so far; pass it
// to DecisionsSince later to get exactly the ones made in between.
func (s *Sim) DecisionCount() int { return s.recorded }

// DecisionsSince returns the decisions made after the first n (those the
// bounded history still holds).
func (s *Sim) DecisionsSince(n int) []controller.Decision {
	first := s.recorded - len(s.history)
	return s.history[max(n-first, 0):]
}

// kubeletClient is the rate limit o's --kube-api-qps and --kube-api-burst
// give its kubelet: a 0 keeps kubelet.KubeletClient's default.
func kubeletClient(o cluster.NodeOptions) *controller.ClientConnection {
	conn := kubelet.KubeletClient
	if o.KubeAPIQPS != 0 {
		conn.QPS = o.KubeAPIQPS
	}
	if o.KubeAPIBurst != 0 {
		conn.Burst = o.KubeAPIBurst
	}
	return &conn
}

// AddNode starts a kubelet for a new worker node, which registers the Node
// as a real kubelet does; taints and cordoning are then applied as an
// administrator would.
func (s *Sim) AddNode(o cluster.NodeOptions) error {
	if s.Kubelet(o.Name) != nil {
		return fmt.Errorf("node %q already exists", o.Name)
	}
	capacity, err := o.Capacity()
	if err != nil {
		return err
	}
	// The node's address follows its pod CIDR, not its name, so `node add
	// gpu-1` and `node add extra` each get an address of their own.
	cidr := cluster.NextPodCIDR(s.nodes())
	k, err := kubelet.New(s.Context, o.Name, s.Registry, kubelet.Options{
		Seed: s.Seed(), Capacity: capacity, Labels: o.Labels, CRILog: true, RuntimeHandlers: o.RuntimeHandlers,
		ExternalCloudProvider: o.ExternalCloudProvider,
		PodCIDR:               cidr, InternalIP: cluster.InternalIPFor(cidr),
		KubeAPI: kubeletClient(o),
	})
	if err != nil {
		return err
	}
	s.kubelets = append(s.kubelets, k)
	s.Add(k)
	s.AddActor(k)
	if len(o.Taints) > 0 || o.Unschedulable {
		node, err := apiserver.GetAs[*api.Node](s.API, "", o.Name)
		if err != nil {
			return err
		}
		node.Spec.Taints = append(node.Spec.Taints, o.Taints...)
		node.Spec.Unschedulable = o.Unschedulable
		if _, err := s.API.Update(node); err != nil {
			return err
		}
	}
	return nil
}

func (s *Sim) nodes() []*api.Node {
	nodes, _, _ := apiserver.ListAs[*api.Node](s.API, "", nil)
	return nodes
}

// instance is the cloud's inventory: every machine a kubelet runs on, with
// the provider ID the kind cloud provider gives it.
func (s *Sim) instance(node string) (cloud.Instance, bool) {
	k := s.Kubelet(node)
	if k == nil {
		return cloud.Instance{}, false
	}
	return cloud.Instance{ProviderID: "kind://docker/kubeplay/" + node, InternalIP: k.HostIP()}, true
}

// Kubelet returns the kubelet of a node, or nil.
func (s *Sim) Kubelet(node string) *kubelet.Kubelet {
	for _, k := range s.kubelets {
		if k.NodeName() == node {
			return k
		}
	}
	return nil
}

// FailNode stops a node's kubelet from heartbeating (a network partition or
// a crashed machine); RecoverNode brings it back.
func (s *Sim) FailNode(name string) error { return s.setDown(name, true) }

// RecoverNode undoes FailNode.
func (s *Sim) RecoverNode(name string) error { return s.setDown(name, false) }

func (s *Sim) setDown(name string, down bool) error {
	k := s.Kubelet(name)
	if k == nil {
		return fmt.Errorf("node %q not found", name)
	}
	k.SetDown(down)
	return nil
}

// DeleteNode removes a node as a cloud provider would: the machine is gone
// (its kubelet stops) and the Node object is deleted; the pod garbage
// collector then removes the pods that were bound to it.
func (s *Sim) DeleteNode(name string) error {
	k := s.Kubelet(name)
	if k == nil {
		return fmt.Errorf("node %q not found", name)
	}
	k.SetDown(true)
	if _, _, err := s.API.Delete(api.KindOf(&api.Node{}), "", name, nil); err != nil && !apiserver.IsNotFound(err) {
		return err
	}
	return s.Settle()
}

// ContainerEnv is the environment the node's runtime gave a container, in
// the order `env` prints it (PATH, HOSTNAME, the pod's variables, Service
// variables, the image's, HOME): what `kubectl exec POD -- env` shows.
func (s *Sim) ContainerEnv(namespace, pod, container string) ([]api.EnvVar, error) {
	p, err := apiserver.GetAs[*api.Pod](s.API, namespace, pod)
	if err != nil {
		return nil, err
	}
	k := s.Kubelet(p.Spec.NodeName)
	if k == nil {
		return nil, fmt.Errorf("pod %s is not running on a node", pod)
	}
	var env []api.EnvVar
	for _, kv := range k.ProcessEnv(p, container) {
		name, value, _ := strings.Cut(kv, "=")
		env = append(env, api.EnvVar{Name: name, Value: value})
	}
	return env, nil
}

// StopControllerManager kills the kube-controller-manager process (a crash,
// or the first half of an upgrade); StartControllerManager starts a new one,
// which leads once the old one's Lease has expired.
func (s *Sim) StopControllerManager() error { return s.kcm.Stop() }

// StartControllerManager starts a new kube-controller-manager process.
func (s *Sim) StartControllerManager() error { return s.kcm.Start() }

// SetControllerManagerClient sets kube-controller-manager's --kube-api-qps
// and --kube-api-burst (see controlplane.ControllerManager.SetClientConnection).
func (s *Sim) SetControllerManagerClient(conn controller.ClientConnection) {
	s.kcm.SetClientConnection(conn)
}

// ControllerManager reports the kube-controller-manager process's state.
func (s *Sim) ControllerManager() controlplane.Status { return s.kcm.Status() }
