package kubelet

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// Name is the component name the kubelet's events carry.
const Name = "kubelet"

// Options configure one node's kubelet. The zero value is a node of the
// default cluster.
type Options struct {
	// Seed feeds the node's random source (container and sandbox IDs),
	// mixed with the node name so that nodes differ.
	Seed uint64
	// PodCIDR is the node's pod range when the Node object has none
	// ("" = 10.244.N.0/24 for node-N, else 10.244.0.0/24).
	PodCIDR string
	// InternalIP is the node's address ("" = 172.18.0.(N+1) for node-N).
	InternalIP string
	// Capacity of a registered node (nil = cpu 4, memory 8Gi, pods 110).
	Capacity api.ResourceList
	// Timing overrides the registry's timing model on this node (zero
	// fields keep it).
	Timing images.Timing
	// Preload lists images present on the node at boot (nil = the pause
	// image, as a kind node has it).
	Preload []string
	// CRILog records the CRI calls per pod (see CRILog).
	CRILog bool
	// Labels are extra node labels set at registration.
	Labels map[string]string
	// KubeletVersion reported in the node info ("" = v1.37.0).
	KubeletVersion string
	// RuntimeHandlers are the container runtime's handlers, the first its
	// default (nil = runc).
	RuntimeHandlers []string
	// ExternalCloudProvider is --cloud-provider=external.
	ExternalCloudProvider bool
	// KubeAPI is the kubelet's API client's rate limit (nil =
	// KubeletClient: KubeAPIQPS 50, KubeAPIBurst 100).
	KubeAPI *controller.ClientConnection
}

// KubeletClient is the v1.37 KubeletConfiguration default of kubeAPIQPS
// and kubeAPIBurst (pkg/kubelet/apis/config/v1beta1
// SetDefaults_KubeletConfiguration), which cmd/kubelet's
// kubeClientConfigOverrides puts on the kubelet's clientset. The status
// manager's pod status writes and deletes go through it. Events have a
// client of their own (eventRecordQPS 50, eventBurst 100), and node status
// and the Lease the heartbeat client, built with QPS −1: no limit; neither
// is modelled as waiting.
var KubeletClient = controller.ClientConnection{QPS: 50, Burst: 100}

// DefaultPreload is what a node's image store holds at boot.
var DefaultPreload = []string{"registry.k8s.io/pause:3.10"}

// Kubelet is one node's kubelet. It is both a controller (event driven:
// pods bound to its node are synced when they change, through its queue)
// and an actor (time driven: each Tick fires the timers of pulls, starts,
// exits, stops, probes and back-offs that are due, renews the node's Lease
// every 10 s and posts node status). Register it with both cluster.Add and
// cluster.AddActor.
//
// Each pod has a worker (podWorker, modelled on pod_workers.go and
// kuberuntime_manager.go SyncPod) whose sync advances the simulated
// runtime to now, computes and performs the pod's actions
// (computePodActions), and writes the pod's status (generateAPIPodStatus)
// when it changed.
type Kubelet struct {
	nodeName string
	ctx      *controller.Context
	server   *apiserver.Server
	clock    clock.Source
	pods     *controller.Store
	services *controller.Store
	nodes    *controller.Store
	// configMaps and secrets are what the kubelet's configmap and secret
	// managers would cache: the objects its pods' env and volumes read.
	configMaps *controller.Store
	secrets    *controller.Store
	// statusPod is writeStatus's request, reused: the server copies its
	// input and keeps none of it, and a fresh Pod for every status write
	// was 4% of a 10,000-pod rollout's allocations.
	statusPod api.Pod
	recorder  *controller.Recorder
	queue     *controller.Queue
	// apiClient is the kubelet's clientset (KubeletClient): a status write
	// or delete whose token is due past the tick waits for it, and the pod
	// is synced again then, with its latest status, as the status
	// manager's cache would write it. The pod workers meanwhile go on.
	apiClient *controller.Client
	// podEvents is the pod handler, scoped to the node and following
	// the pods the kubelet has a worker for.
	podEvents *controller.Subscription
	reg       *images.Registry
	cache     *images.Cache
	opts      Options
	rng       *rand.Rand
	ipam      *ipam
	hostIP    string
	nodeIndex int

	workers      map[string]*podWorker
	timers       timerHeap
	seq          uint64
	imageBackOff *backoff
	crashBackOff *backoff
	pulls        map[string]time.Time // ref → when the node's pull of it completes

	// machineID, systemUUID and bootID identify the simulated machine in
	// status.nodeInfo, as /etc/machine-id, the DMI product UUID and the
	// kernel's boot_id do on a real one.
	machineID, systemUUID, bootID string

	criArchive       []archivedCRILog
	journal          criJournal
	down, gone       bool
	nextLease        time.Time
	nextNodeStatus   time.Time
	lastStatusReport time.Time
}

var (
	podKind          = api.PodKind
	serviceKind      = api.ServiceKind
	nodeKind         = api.NodeKind
	runtimeClassKind = api.RuntimeClassKind
	configMapKind    = api.ConfigMapKind
	secretKind       = api.SecretKind
)

// New starts a kubelet for nodeName: it registers the Node (if it does
// not exist yet) and its Lease, and watches the pods bound to it.
func New(ctx *controller.Context, nodeName string, reg *images.Registry, opts Options) (*Kubelet, error) {
	idx := nodeNumber(nodeName)
	h := fnv.New64a()
	h.Write([]byte(nodeName))
	k := &Kubelet{
		nodeName:     nodeName,
		ctx:          ctx,
		server:       ctx.Server,
		clock:        ctx.Clock,
		pods:         ctx.Informers.Lister(podKind),
		services:     ctx.Informers.Lister(serviceKind),
		nodes:        ctx.Informers.Lister(nodeKind),
		configMaps:   ctx.Informers.Lister(configMapKind),
		secrets:      ctx.Informers.Lister(secretKind),
		recorder:     ctx.Recorder(Name, nodeName),
		queue:        ctx.NewQueue(),
		reg:          reg,
		cache:        images.NewCache(),
		opts:         opts,
		rng:          rand.New(rand.NewPCG(opts.Seed, h.Sum64())),
		nodeIndex:    idx,
		workers:      map[string]*podWorker{},
		imageBackOff: newBackoff(backOffPeriod, maxImageBackOff),
		crashBackOff: newBackoff(backOffPeriod, maxContainerBackOff),
		pulls:        map[string]time.Time{},
	}
	k.machineID, k.systemUUID, k.bootID = machineIdentity(opts.Seed, nodeName)
	conn := KubeletClient
	if opts.KubeAPI != nil {
		conn = *opts.KubeAPI
	}
	k.apiClient = controller.NewClient("kubelet", ctx.Server, ctx.Clock, conn)
	preload := opts.Preload
	if preload == nil {
		preload = DefaultPreload
	}
	for _, ref := range preload {
		img, err := reg.Lookup(ref)
		if err != nil {
			return nil, fmt.Errorf("kubelet %s: preloading %s: %v", nodeName, ref, err)
		}
		k.cache.Add(img)
	}
	k.hostIP = opts.InternalIP
	if k.hostIP == "" {
		k.hostIP = nodestatus.InternalIP(idx)
	}
	if err := k.registerNode(); err != nil {
		return nil, err
	}
	// The informer hands the kubelet the events of the pods bound to its
	// node and of the pods it has a worker for (see Sync).
	k.podEvents = ctx.Informers.AddHandler(podKind, controller.Handler{
		NodeName: nodeName,
		Add:      func(obj api.Object) { k.enqueuePod(obj.(*api.Pod)) },
		Update: func(old, cur api.Object) {
			// Look the worker up once. The key is built again only to
			// queue it, so the lookup's key stays off the heap.
			p := cur.(*api.Pod)
			w := k.workers[podKey(p)]
			if w != nil && w.lastRV == p.ResourceVersion {
				return // our own status write
			}
			if p.Spec.NodeName == k.nodeName || w != nil { // enqueuePod
				k.queue.Add(podKey(p))
			}
		},
		Delete: func(obj api.Object) { k.enqueuePod(obj.(*api.Pod)) },
	}) // (the informer replays pods bound to the node before the kubelet started)
	return k, nil
}

// nodeNumber is N for "node-N" (or "…-N"), else 0.
func nodeNumber(name string) int {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return 0
	}
	n, err := strconv.Atoi(name[i+1:])
	if err != nil || n < 0 || n > 250 {
		return 0
	}
	return n
}

func podKey(p *api.Pod) string { return p.Namespace + "/" + p.Name }

func (k *Kubelet) enqueuePod(p *api.Pod) {
	if p.Spec.NodeName == k.nodeName || k.workers[podKey(p)] != nil {
		k.queue.Add(podKey(p))
	}
}

// Name implements controller.Controller and cluster.Actor.
func (k *Kubelet) Name() string { return Name }

// NodeName is the node this kubelet runs on.
func (k *Kubelet) NodeName() string { return k.nodeName }

// HostIP is the address of the kubelet's machine.
func (k *Kubelet) HostIP() string { return k.hostIP }

// Queue implements controller.Controller.
func (k *Kubelet) Queue() *controller.Queue { return k.queue }

// MaxRetries implements controller.Controller: a kubelet retries forever.
func (k *Kubelet) MaxRetries() int { return 0 }

// SetDown fails (true) or recovers (false) the node. A failed node's
// kubelet stops renewing its Lease, posting node status and syncing pods,
// as a node cut off from the control plane does; its containers go on as
// they were. On recovery it catches up at once: Lease, node status, and a
// sync of every pod bound to it.
func (k *Kubelet) SetDown(down bool) {
	if k.down == down {
		return
	}
	k.down = down
	if !down {
		now := k.clock.Now()
		k.nextLease, k.nextNodeStatus = now, now
		for _, p := range controller.ListAs[*api.Pod](k.pods, "", nil) {
			k.enqueuePod(p)
		}
		for _, key := range sortedKeys(k.workers) {
			k.queue.Add(key)
		}
	}
}

// Sync implements controller.Controller: one pod worker sync for the pod
// key (pod_workers.go podWorkerLoop → syncPod / syncTerminatingPod /
// syncTerminatedPod).
func (k *Kubelet) Sync(key string, ds *controller.Decisions) error {
	err := k.sync(key, ds)
	// Workers come and go only here: follow the pod events of exactly
	// the keys that have one, wherever their pod is bound, as enqueuePod
	// expects.
	k.podEvents.Follow(key, k.workers[key] != nil)
	return err
}

func (k *Kubelet) sync(key string, ds *controller.Decisions) error {
	if k.down || k.gone {
		return nil
	}
	now := k.clock.Now()
	var pod *api.Pod
	if obj, ok := k.pods.Get(key); ok {
		if p := obj.(*api.Pod); p.Spec.NodeName == k.nodeName {
			pod = p
		}
	}
	w := k.workers[key]
	if w != nil && (pod == nil || pod.UID != w.uid) {
		k.forget(w)
		w = nil
	}
	if pod == nil {
		return nil
	}
	if w == nil {
		if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
			return nil // finished before this kubelet knew it
		}
		var err error
		if w, err = k.newWorker(pod, now, ds); err != nil {
			return err
		}
	}
	w.pod = pod
	return k.syncPod(w, now, ds)
}

// Tick implements cluster.Actor: fire the timers that are due (probes run
// here; other timers queue their pod for a sync), then the node's
// heartbeat.
func (k *Kubelet) Tick() {
	if k.down || k.gone {
		return
	}
	// The cluster pumps after each actor but not before the first.
	k.ctx.Informers.Pump()
	now := k.clock.Now()
	for due := now.UnixNano(); len(k.timers) > 0 && k.timers[0].at <= due; {
		t := k.timers.pop()
		switch {
		case t.probe != nil:
			if t.probe.next.UnixNano() == t.at && !t.probe.stopped && !t.w.removed {
				k.runProbe(t.probe, now)
			}
		default:
			if !t.w.wakeAt.IsZero() && t.w.wakeAt.UnixNano() == t.at && !t.w.removed {
				t.w.wakeAt = time.Time{}
				k.queue.Add(t.w.key)
			}
		}
	}
	k.heartbeat(now)
}

// ---------------------------------------------------------------- timers

// timer is a pending probe run (probe set) or pod sync. A timer whose
// worker has moved its time since is stale and fires nothing.
type timer struct {
	at    int64 // the virtual time, in Unix nanoseconds
	seq   uint64
	w     *podWorker
	probe *probeWorker
}

// timerHeap is a binary min-heap of timers by time, then by the order they
// were set. It holds them by value: a kubelet pushes a timer every period
// of every probe of its pods (100,000 a minute with 10,000 readiness
// probes), and container/heap would box each one.
type timerHeap []timer

func (h timerHeap) less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].seq < h[j].seq
}

func (h *timerHeap) push(t timer) {
	*h = append(*h, t)
	q := *h
	for i := len(q) - 1; i > 0; {
		parent := (i - 1) / 2
		if !q.less(i, parent) {
			break
		}
		q[i], q[parent] = q[parent], q[i]
		i = parent
	}
}

// pop removes and returns the earliest timer; h must not be empty.
func (h *timerHeap) pop() timer {
	q := *h
	top := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q[last] = timer{} // drop the pointers for the collector
	q = q[:last]
	for i := 0; ; {
		small, l, r := i, 2*i+1, 2*i+2
		if l < last && q.less(l, small) {
			small = l
		}
		if r < last && q.less(r, small) {
			small = r
		}
		if small == i {
			break
		}
		q[i], q[small] = q[small], q[i]
		i = small
	}
	*h = q
	return top
}

func (k *Kubelet) push(t timer) {
	k.seq++
	t.seq = k.seq
	k.timers.push(t)
}

// wake schedules a sync of w at t (the earliest of the pending ones).
func (k *Kubelet) wake(w *podWorker, t time.Time) {
	if !w.wakeAt.IsZero() && !t.Before(w.wakeAt) {
		return
	}
	w.wakeAt = t
	k.push(timer{at: t.UnixNano(), w: w})
}

// schedule sets a probe's next run.
func (k *Kubelet) schedule(p *probeWorker, t time.Time) {
	p.next = t
	k.push(timer{at: t.UnixNano(), w: p.w, probe: p})
}

// ---------------------------------------------------------------- helpers

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

// newID is a 64-hex-digit container or sandbox ID from the node's seeded
// random source.
func (k *Kubelet) newID() string {
	var b strings.Builder
	for range 4 {
		fmt.Fprintf(&b, "%016x", k.rng.Uint64())
	}
	return b.String()
}

// tick is the cluster tick of a virtual time (seconds since the epoch).
func tick(t time.Time) int64 { return int64(t.Sub(clock.Epoch) / time.Second) }
