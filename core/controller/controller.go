// Package controller is the simulated kube-controller-manager's framework:
// informers (watch-fed caches with event handlers), work queues on the
// virtual clock, the event recorder, and decision records. The controllers
// themselves live in subpackages (deployment, replicaset, garbagecollector),
// each mirroring its upstream counterpart.
package controller

import (
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// Controller is one control loop, shaped like kubernetes/sample-controller:
// informer handlers enqueue keys, and Sync(key) reads desired and actual
// state from the caches, acts through the API server, and records why.
type Controller interface {
	// Name is the component name events carry ("deployment-controller").
	Name() string
	// Queue holds the keys waiting to be synced.
	Queue() *Queue
	// Sync reconciles one key. An error requeues the key with back-off.
	Sync(key string, ds *Decisions) error
	// MaxRetries is how many failed syncs in a row a key may have before it
	// is dropped (deployment controller: 15); 0 retries forever.
	MaxRetries() int
}

// Context is what a controller is built from: the API server it writes to,
// the shared informers it reads from, the virtual clock, and recorders.
type Context struct {
	Server    *apiserver.Server
	Informers *Informers
	Clock     clock.Source
	// correlators are the event correlators of the cluster's component
	// processes, by component and host; names is shared by all.
	correlators map[string]*correlator
	names       *eventNames
	arrivals    *Arrivals
	// conn is the process's client connection settings (kube-controller-
	// manager's --kube-api-qps and --kube-api-burst), and clients the
	// clients its controllers built from them, by name.
	conn    ClientConnection
	clients map[string]*Client
}

// NewContext bundles the shared pieces every controller of a cluster uses.
func NewContext(s *apiserver.Server, in *Informers, c clock.Source) *Context {
	return &Context{Server: s, Informers: in, Clock: c, correlators: map[string]*correlator{},
		names: &eventNames{}, arrivals: &Arrivals{}, conn: KubeControllerManagerClient, clients: map[string]*Client{}}
}

// ForProcess returns the context of one run of a component process that
// can stop and start again: its informer handlers can be removed together
// (Informers.ForProcess), and it has event correlators of its own, as a
// new process's broadcaster starts with empty caches. Queues stay ordered
// against every other queue of the cluster, and event names unique.
func (c *Context) ForProcess(process string) *Context {
	return &Context{Server: c.Server, Informers: c.Informers.ForProcess(process), Clock: c.Clock,
		correlators: map[string]*correlator{}, names: c.names, arrivals: c.arrivals,
		conn: c.conn, clients: map[string]*Client{}}
}

// Client returns the API client named name (its user agent), made on first
// use with a full bucket: kube-controller-manager's
// ControllerContext.NewClient(name), ClientBuilder.Client(name), which
// builds a clientset, and so a token bucket, per controller.
func (c *Context) Client(name string) *Client {
	if cl, ok := c.clients[name]; ok {
		return cl
	}
	if c.clients == nil {
		c.clients = map[string]*Client{}
	}
	cl := NewClient(name, c.Server, c.Clock, c.conn)
	c.clients[name] = cl
	return cl
}

// SetClientConnection changes the settings of the clients made from now
// on and gives those already made new, full buckets of the new sizes.
func (c *Context) SetClientConnection(conn ClientConnection) {
	c.conn = conn
	for _, cl := range c.clients {
		cl.Configure(conn)
	}
}

// NewQueue returns a work queue whose keys are ordered, by arrival, against
// the keys of every other queue made from this context.
func (c *Context) NewQueue() *Queue { return newQueue(c.Clock, c.arrivals) }

// Recorder returns an event recorder for a component; host is set for
// per-node agents such as the kubelet.
func (c *Context) Recorder(component, host string) *Recorder {
	return newRecorder(c.Server, c.Clock, c.correlator(component, host), c.names, component, host)
}

// correlator returns the event correlator of one component process:
// recorders of the same component on the same host share it, as the
// recorders made from one broadcaster do.
func (c *Context) correlator(component, host string) *correlator {
	key := component + "\x00" + host
	corr, ok := c.correlators[key]
	if !ok {
		if c.correlators == nil {
			c.correlators = map[string]*correlator{}
		}
		corr = newCorrelator()
		c.correlators[key] = corr
	}
	return corr
}

// EventsRecorder returns an event recorder for a component that writes
// through the events.k8s.io/v1 API, as kube-scheduler does
// (events.NewEventBroadcasterAdapter): the reporting instance is
// "<component>-<hostname>" (eventBroadcasterImpl.NewRecorder) and, read
// back as core/v1 Events, they carry no source. Correlation is still the
// core/v1 recorder's (counts and aggregation, not event series).
func (c *Context) EventsRecorder(component, hostname string) *Recorder {
	r := newRecorder(c.Server, c.Clock, c.correlator(component, hostname), c.names, component, "")
	r.instance, r.eventsAPI = component+"-"+hostname, true
	return r
}
