package controller

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// Client-side rate limiting, as client-go does it: every clientset has one
// token bucket (kubernetes.NewForConfig: config.RateLimiter is nil and
// QPS > 0, so flowcontrol.NewTokenBucketRateLimiter(QPS, Burst)), shared by
// all its typed clients, and every request but a watch (rest.Request.Watch:
// "We specifically don't want to rate limit watches") first waits for a
// token (rest.Request.request → tryThrottle → tryThrottleWithInfo →
// tokenBucketRateLimiter.Wait → golang.org/x/time/rate Limiter.Wait).
//
// The bucket holds at most Burst tokens, starts full and refills at QPS
// tokens a second; a request takes one token, and when none is left it
// reserves the next one and sleeps until it is due (rate.Limiter.reserveN:
// the balance goes below zero and the delay is the missing tokens / QPS).
//
// On the virtual clock everything a tick does happens at the tick's
// instant, as the cluster's other work does: a request whose token is due
// before the next tick (a wait shorter than ThrottleHorizon) is sent in
// this tick, so a full bucket lets Burst + QPS − 1 requests through in the
// first simulated second, as a real client sends them in its first second;
// a request that would wait longer is not sent: the controller stops and
// its work carries over to the tick at which the token is due.

// ThrottleHorizon is how far ahead of the virtual clock a request may wait
// for its token and still be sent in the current tick: one tick
// (cluster.TickDuration; core/cluster checks they agree).
const ThrottleHorizon = time.Second

// LongThrottleLatency is client-go's longThrottleLatency (rest/request.go):
// a request that waited longer than this is logged ("Waited before sending
// request", or in older clients "Waited for 1.04s due to client-side
// throttling, not priority and fairness"), and decisions say so.
const LongThrottleLatency = 50 * time.Millisecond

// ClientConnection is the part of componentbaseconfig's
// ClientConnectionConfiguration a component's clients are built from.
type ClientConnection struct {
	// QPS is the refill rate; QPS < 0 builds clients without a rate
	// limiter (kubernetes.NewForConfig and rest.RESTClientFor only build
	// one when QPS > 0).
	QPS float32
	// Burst is the bucket's size.
	Burst int
}

// The v1.37 defaults of the components' API clients.
var (
	// KubeControllerManagerClient is --kube-api-qps 20 / --kube-api-burst
	// 30: pkg/controller/apis/config/v1alpha1 SetDefaults_KubeControllerManagerConfiguration
	// ("These client-connection defaults are specific to the
	// kube-controller-manager"), set before the generic
	// RecommendedDefaultClientConnectionConfiguration (50/100) would apply.
	// Each controller gets a clientset of its own from the ClientBuilder
	// (ControllerContext.NewClient → ClientBuilder.Client(name) →
	// clientset.NewForConfig), with or without
	// --use-service-account-credentials, so each has its own bucket of
	// these sizes.
	KubeControllerManagerClient = ClientConnection{QPS: 20, Burst: 30}
	// KubeSchedulerClient is kube-scheduler's ClientConnection default:
	// pkg/scheduler/apis/config/v1 SetDefaults_KubeSchedulerConfiguration,
	// QPS 50, Burst 100 ("Scheduler has an opinion about QPS/Burst"); its
	// bindings wait for this bucket (core/scheduler), its events go
	// through a second clientset (createClients: eventClient).
	KubeSchedulerClient = ClientConnection{QPS: 50, Burst: 100}
)

// String spells the setting as the flags do: "qps 20, burst 30".
func (c ClientConnection) String() string {
	if c.QPS <= 0 {
		return "no rate limit (qps " + formatQPS(c.QPS) + ")"
	}
	return fmt.Sprintf("qps %s, burst %d", formatQPS(c.QPS), c.Burst)
}

func formatQPS(q float32) string { return strconv.FormatFloat(float64(q), 'f', -1, 32) }

// nano is one token in the bucket's fixed-point units: the balance is kept
// in billionths of a token, in integers, so that the same requests give
// the same delays on every platform (no floating point in the state).
const nano = int64(1_000_000_000)

// RateLimiter is a token bucket on the virtual clock: client-go's
// tokenBucketRateLimiter over x/time/rate's Limiter.
type RateLimiter struct {
	// milliQPS is the refill rate in thousandths of a token a second.
	milliQPS int64
	burst    int64
	// tokens is the balance at last, in nano-tokens; below zero while
	// reservations are outstanding.
	tokens int64
	last   time.Time
}

// NewTokenBucketRateLimiter models flowcontrol.NewTokenBucketRateLimiter:
// a bucket of burst tokens, full at now, refilled at qps a second. It is
// nil (no limit) for qps ≤ 0.
func NewTokenBucketRateLimiter(qps float32, burst int, now time.Time) *RateLimiter {
	if qps <= 0 {
		return nil
	}
	milli := int64(float64(qps)*1000 + 0.5)
	if milli < 1 {
		milli = 1
	}
	b := int64(max(burst, 0))
	return &RateLimiter{milliQPS: milli, burst: b, tokens: b * nano, last: now}
}

// advance is rate.Limiter.advance: the balance at now, refilled since last
// and capped at burst.
func (l *RateLimiter) advance(now time.Time) int64 {
	elapsed := now.Sub(l.last)
	if elapsed <= 0 {
		return l.tokens
	}
	// Time to fill the bucket from the balance: longer waits add nothing,
	// and keep the product below overflow.
	need := l.burst*nano - l.tokens
	if need <= 0 {
		return l.burst * nano
	}
	if full := time.Duration(need / l.milliQPS * 1000); elapsed >= full {
		return l.burst * nano
	}
	return min(l.burst*nano, l.tokens+int64(elapsed)*l.milliQPS/1000)
}

// delayFor is the wait for one more token at balance t (≥ 0 when a token is
// there): durationFromTokens of the missing part.
func (l *RateLimiter) delayFor(t int64) time.Duration {
	missing := nano - t
	if missing <= 0 {
		return 0
	}
	// missing nano-tokens / (milliQPS/1000 tokens a second) in nanoseconds.
	return time.Duration((missing*1000 + l.milliQPS - 1) / l.milliQPS)
}

// Delay is how long a request made at now would wait for its token.
func (l *RateLimiter) Delay(now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	return l.delayFor(l.advance(now))
}

// Reserve is rate.Limiter.ReserveN(now, 1): take the next token, whenever
// it is due, and return how long the request waits for it.
func (l *RateLimiter) Reserve(now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	t := l.advance(now)
	d := l.delayFor(t)
	l.tokens, l.last = t-nano, laterOf(l.last, now)
	return d
}

// Tokens is the balance at now, in tokens (negative while requests wait).
func (l *RateLimiter) Tokens(now time.Time) float64 {
	if l == nil {
		return 0
	}
	return float64(l.advance(now)) / float64(nano)
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// ThrottledError is what a request the client did not send says: its token
// is due Wait from now, beyond this tick.
type ThrottledError struct {
	Client string
	Wait   time.Duration
}

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("client %s: the next request waits %s for its token (client-side throttling)", e.Client, e.Wait)
}

// IsThrottled reports whether err is a request the client held back.
func IsThrottled(err error) (*ThrottledError, bool) {
	te, ok := err.(*ThrottledError)
	return te, ok
}

// Client is one component's API client (a clientset): its name (the user
// agent, "replicaset-controller"), its connection settings and its token
// bucket. Its write methods take a token first; a controller that can stop
// midway (the ReplicaSet controller's slow start) asks TryWait instead.
type Client struct {
	name    string
	server  *apiserver.Server
	clock   clock.Source
	conn    ClientConnection
	limiter *RateLimiter

	// blockedSince is when a request was first held back, zero when none
	// is: the wait a request reports counts from there.
	blockedSince time.Time
	sync         syncStats
}

// syncStats is what one sync's requests waited, for its decision record.
type syncStats struct {
	requests int
	// waited is the longest wait of a request sent; waitedFrom its tokens.
	waited  time.Duration
	refused *ThrottledError
	before  float64 // the balance when the sync started
}

// NewClient returns a client named name whose bucket is full now.
func NewClient(name string, s *apiserver.Server, c clock.Source, conn ClientConnection) *Client {
	cl := &Client{name: name, server: s, clock: c}
	cl.Configure(conn)
	return cl
}

// Connection is the client's rate limit.
func (c *Client) Connection() ClientConnection { return c.conn }

// Server is the API server the client talks to, for reads.
func (c *Client) Server() *apiserver.Server { return c.server }

// Configure gives the client a new, full bucket of conn's sizes: the
// client a process started with these flags would have.
func (c *Client) Configure(conn ClientConnection) {
	c.conn = conn
	c.limiter = NewTokenBucketRateLimiter(conn.QPS, conn.Burst, c.clock.Now())
	c.blockedSince = time.Time{}
}

// Wait is tokenBucketRateLimiter.Wait for a request that is sent whatever
// the wait (the controller's worker blocks in it): it takes a token and
// returns how long the request waited.
func (c *Client) Wait() time.Duration {
	now := c.clock.Now()
	d := c.limiter.Reserve(now)
	c.sent(now, d)
	return d
}

// TryWait takes a token if it is due within this tick and returns the
// wait; otherwise it takes nothing and returns a *ThrottledError: the
// request is not sent, and the caller stops where it is.
func (c *Client) TryWait() (time.Duration, error) {
	now := c.clock.Now()
	if d := c.limiter.Delay(now); d >= ThrottleHorizon {
		err := &ThrottledError{Client: c.name, Wait: d}
		if c.sync.refused == nil {
			c.sync.refused = err
		}
		if c.blockedSince.IsZero() {
			c.blockedSince = now
		}
		return 0, err
	}
	d := c.limiter.Reserve(now)
	c.sent(now, d)
	return d, nil
}

// sent counts a request sent at now after its token wait d, plus the time
// it was held back in earlier ticks.
func (c *Client) sent(now time.Time, d time.Duration) {
	if !c.blockedSince.IsZero() {
		d += now.Sub(c.blockedSince)
		c.blockedSince = time.Time{}
	}
	c.sync.requests++
	c.sync.waited = max(c.sync.waited, d)
}

// Reserve takes a token for a request sent outside any sync (the event
// broadcaster's goroutine writes events through the same clientset): its
// wait is nobody's sync's, but it delays the requests after it.
func (c *Client) Reserve() { c.limiter.Reserve(c.clock.Now()) }

// Blocked reports whether the next request would wait beyond this tick,
// and how long: a controller whose client is blocked runs no sync, as its
// workers would all sit in Wait.
func (c *Client) Blocked() (time.Duration, bool) {
	now := c.clock.Now()
	d := c.limiter.Delay(now)
	if d < ThrottleHorizon {
		return d, false
	}
	if c.blockedSince.IsZero() {
		c.blockedSince = now
	}
	return d, true
}

// BeginSync starts counting one sync's requests.
func (c *Client) BeginSync() {
	c.sync = syncStats{before: c.limiter.Tokens(c.clock.Now())}
}

// EndSync appends to ds what the sync's requests waited, when any waited
// longer than LongThrottleLatency or one was held back.
func (c *Client) EndSync(ds *Decisions) {
	s := c.sync
	c.sync = syncStats{}
	if c.limiter == nil || (s.waited <= LongThrottleLatency && s.refused == nil) {
		return
	}
	now := c.clock.Now()
	formula := fmt.Sprintf("client %s: %s; %.2f tokens when the sync began, %d requests sent, %.2f tokens left",
		c.name, c.conn, s.before, s.requests, c.limiter.Tokens(now))
	inputs := []Input{{Name: "client", Value: c.name}, {Name: "qps", Value: formatQPS(c.conn.QPS)}, {Name: "burst", Value: fmt.Sprint(c.conn.Burst)}}
	if s.waited > LongThrottleLatency {
		ds.Add("tryThrottleWithInfo", formula,
			fmt.Sprintf("Waited before sending request: delay=%s reason=\"client-side throttling, not priority and fairness\"", roundWait(s.waited)), inputs...).
			Say("client.waited", Name("client", c.name), Duration("wait", roundWait(s.waited)), Name("qps", formatQPS(c.conn.QPS)), Count("burst", c.conn.Burst))
	}
	if s.refused != nil {
		resume := ResumeAfter(s.refused.Wait)
		ds.Add("tokenBucketRateLimiter.Wait", formula,
			fmt.Sprintf("the next request waits %s for a token, past this second: the controller stops here and carries on at %s (in %s)",
				roundWait(s.refused.Wait), now.Add(resume).UTC().Format(time.TimeOnly), resume), inputs...).
			Say("client.throttled", Name("client", c.name), Duration("wait", roundWait(s.refused.Wait)), Duration("resume", resume),
				Name("qps", formatQPS(c.conn.QPS)), Count("burst", c.conn.Burst))
	}
}

// ResumeAfter is the whole number of ticks after which a request that
// waits d from a tick's instant is sent: the first tick at which its wait
// is below ThrottleHorizon.
func ResumeAfter(d time.Duration) time.Duration {
	if d < ThrottleHorizon {
		return 0
	}
	return (d-ThrottleHorizon)/ThrottleHorizon*ThrottleHorizon + ThrottleHorizon
}

// roundWait rounds a wait to the millisecond for the records.
func roundWait(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

// ClientUser is a controller that writes through a rate-limited client:
// the cluster runs none of its syncs while the client is blocked and adds
// what each sync's requests waited to its decisions.
type ClientUser interface {
	Client() *Client
}

// The writes of a client: each waits for its token first, as the typed
// clients' Create, Update, UpdateStatus and Delete do.

// Create creates obj.
func (c *Client) Create(obj api.Object) (api.Object, error) {
	c.Wait()
	return c.server.Create(obj)
}

// Update updates obj.
func (c *Client) Update(obj api.Object) (api.Object, error) {
	c.Wait()
	return c.server.Update(obj)
}

// UpdateStatusShared updates obj's status (apiserver.UpdateStatusShared).
func (c *Client) UpdateStatusShared(obj api.Object) (api.Object, error) {
	c.Wait()
	return c.server.UpdateStatusShared(obj)
}

// Delete deletes an object.
func (c *Client) Delete(k *api.KindInfo, namespace, name string, opts *apiserver.DeleteOptions) (api.Object, bool, error) {
	c.Wait()
	return c.server.Delete(k, namespace, name, opts)
}
