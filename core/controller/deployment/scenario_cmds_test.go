package deployment

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// The commands of the golden-scenario interpreter (see scenario_test.go):
//
//	cluster [ready-after=N] [stop-after=N] [never-ready=img,...] [slow=img=N,...] [seed=N]
//	create <name> replicas=N image=I [strategy=Recreate] [max-surge=V] [max-unavailable=V]
//	       [min-ready=N] [deadline=N] [history=N] [change-cause=words_with_underscores]
//	set-image <name> <image> [change-cause=...] | set-env <name> K=V | scale <name> N
//	pause <name> | resume <name> | annotate <name> k=v | undo <name> [to-revision=N]
//	delete <name> [cascade=background|foreground|orphan]
//	tick [N]                  N ticks; prints the Deployment events written
//	watch N [d=<name>]        N ticks; also prints ReplicaSet sizes when they change
//	until-complete <name> [max=N] | until <name> Type=Status[/Reason] [max=N]
//	describe | rs | conditions | pods | history <name> | objects
//	explain [tick=N] [fn=a,b] the decision records of the last ticking command

// scenario is the interpreter's state: one cluster with the Deployment,
// ReplicaSet and garbage collector controllers, the scheduler and the
// kubelets of node-1..3.
type scenario struct {
	t         *testing.T
	c         *cluster.Cluster
	lastSteps []cluster.StepResult
	events    *apiserver.Watcher // Event writes not printed yet
}

var deploymentKind = api.DeploymentKind

func (s *scenario) run(line string) []string {
	fields := strings.Fields(line)
	cmd, args := fields[0], fields[1:]
	kv := map[string]string{}
	var pos []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && !strings.Contains(k, ":") {
			kv[k] = v
		} else {
			pos = append(pos, a)
		}
	}
	if cmd != "cluster" && s.c == nil {
		s.t.Fatalf("%q before cluster", line)
	}
	switch cmd {
	case "tick", "watch", "until-complete", "until":
		s.lastSteps = nil // explain shows the last command that ran the clock
	}
	switch cmd {
	case "cluster":
		return s.newCluster(kv)
	case "create":
		return s.create(pos[0], kv)
	case "set-image":
		return s.mutate(pos[0], "image updated", func(d *api.Deployment) {
			d.Spec.Template.Spec.Containers[0].Image = pos[1]
			setChangeCause(d, kv)
		})
	case "set-env":
		return s.mutate(args[0], "env updated", func(d *api.Deployment) {
			name, value, _ := strings.Cut(args[1], "=")
			c := &d.Spec.Template.Spec.Containers[0]
			c.Env = append(c.Env, api.EnvVar{Name: name, Value: value})
		})
	case "scale":
		n, _ := strconv.Atoi(pos[1])
		return s.mutate(pos[0], "scaled", func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(n)) })
	case "pause":
		return s.mutate(pos[0], "paused", func(d *api.Deployment) { d.Spec.Paused = true })
	case "resume":
		return s.mutate(pos[0], "resumed", func(d *api.Deployment) { d.Spec.Paused = false })
	case "annotate":
		return s.mutate(pos[0], "annotated", func(d *api.Deployment) {
			for k, v := range kv {
				if d.Annotations == nil {
					d.Annotations = map[string]string{}
				}
				d.Annotations[k] = v
			}
		})
	case "delete":
		// kubectl delete deployment <name> [--cascade=background|foreground|orphan]
		policy := map[string]apiserver.DeletionPropagation{"": apiserver.DeletePropagationBackground,
			"background": apiserver.DeletePropagationBackground, "foreground": apiserver.DeletePropagationForeground,
			"orphan": apiserver.DeletePropagationOrphan}[kv["cascade"]]
		if _, _, err := s.c.API.Delete(deploymentKind, "default", pos[0], &apiserver.DeleteOptions{PropagationPolicy: &policy}); err != nil {
			return []string{"error: " + apiserver.KubectlMessage(err)}
		}
		return []string{fmt.Sprintf("deployment.apps %q deleted from default namespace", pos[0])}
	case "objects":
		return s.objects()
	case "undo":
		rev, _ := strconv.ParseInt(kv["to-revision"], 10, 64)
		msg, err := kubectl.Undo(s.c.API, "default", pos[0], rev, false)
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		return []string{msg}
	case "tick":
		n := 1
		if len(pos) > 0 {
			n, _ = strconv.Atoi(pos[0])
		}
		var out []string
		for range n {
			out = append(out, s.tick()...)
		}
		return out
	case "watch":
		n, _ := strconv.Atoi(pos[0])
		var out []string
		prev := ""
		for range n {
			out = append(out, s.tick()...)
			if sizes := s.sizes(kv["d"]); sizes != prev {
				out = append(out, fmt.Sprintf("t=%d %s", s.c.CurrentTick(), sizes))
				prev = sizes
			}
		}
		return out
	case "until-complete":
		max := 120
		if v, ok := kv["max"]; ok {
			max, _ = strconv.Atoi(v)
		}
		var out []string
		for range max {
			out = append(out, s.tick()...)
			if s.complete(pos[0]) {
				return append(out, fmt.Sprintf("complete at t=%d", s.c.CurrentTick()))
			}
		}
		return append(out, fmt.Sprintf("not complete after %d ticks", max))
	case "until":
		// until <deployment> <Type>=<Status>[/<Reason>] [max=N]
		max := 1000
		if v, ok := kv["max"]; ok {
			max, _ = strconv.Atoi(v)
		}
		var out []string
		for range max {
			out = append(out, s.tick()...)
			if s.hasCondition(args[0], args[1]) {
				return append(out, fmt.Sprintf("%s at t=%d", args[1], s.c.CurrentTick()))
			}
		}
		return append(out, fmt.Sprintf("no %s after %d ticks", args[1], max))
	case "describe":
		return s.describe(pos[0])
	case "rs":
		return s.replicaSets(pos[0])
	case "conditions":
		return s.conditions(pos[0])
	case "pods":
		return s.pods(pos[0])
	case "history":
		return s.history(pos[0])
	case "explain":
		return s.explain(kv["tick"], kv["fn"])
	}
	s.t.Fatalf("unknown command %q", line)
	return nil
}

func setChangeCause(d *api.Deployment, kv map[string]string) {
	if cc, ok := kv["change-cause"]; ok {
		if d.Annotations == nil {
			d.Annotations = map[string]string{}
		}
		d.Annotations[deploymentutil.ChangeCauseAnnotation] = strings.ReplaceAll(cc, "_", " ")
	}
}

func (s *scenario) newCluster(kv map[string]string) []string {
	seed := uint64(cluster.DefaultSeed)
	if v, ok := kv["seed"]; ok {
		n, _ := strconv.ParseUint(v, 10, 64)
		seed = n
	}
	// The kubelets' timing model: ready-after=N makes a pod ready N s
	// after it is bound (a pull of N-1 s, then 1 s to start), stop-after=N
	// stops a container N s after SIGTERM; never-ready images do not exist
	// (ErrImagePull, ImagePullBackOff), slow=img=N gives one image its
	// own ready-after.
	reg := images.New()
	if n, err := strconv.Atoi(kv["ready-after"]); err == nil {
		reg.Defaults.Pull = time.Duration(n-1) * time.Second
	}
	if n, err := strconv.Atoi(kv["stop-after"]); err == nil {
		reg.Defaults.Stop = time.Duration(n) * time.Second
	}
	for _, img := range strings.Split(kv["never-ready"], ",") {
		if img != "" {
			if err := reg.SetBehavior(img, images.Behavior{Missing: true}); err != nil {
				s.t.Fatal(err)
			}
		}
	}
	for _, spec := range strings.Split(kv["slow"], ",") {
		if i := strings.LastIndex(spec, "="); i > 0 {
			n, _ := strconv.Atoi(spec[i+1:])
			pull := time.Duration(n-1) * time.Second
			if pull == 0 {
				pull = -1 // an instant pull (0 would keep the default)
			}
			if err := reg.SetBehavior(spec[:i], images.Behavior{PullTime: pull}); err != nil {
				s.t.Fatal(err)
			}
		}
	}
	c := cluster.New(seed)
	c.Add(New(c.Context), replicaset.New(c.Context), garbagecollector.New(c.Context))
	clustertest.StartNodes(s.t, c, reg)
	eventKind := api.EventKind
	w, err := c.API.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{eventKind}})
	if err != nil {
		s.t.Fatal(err)
	}
	s.c, s.events = c, w
	return nil
}

func (s *scenario) create(name string, kv map[string]string) []string {
	replicas, _ := strconv.Atoi(kv["replicas"])
	labels := map[string]string{"app": name}
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(replicas)),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: kv["image"]}}},
			},
		},
	}
	if v, ok := kv["strategy"]; ok {
		d.Spec.Strategy.Type = api.DeploymentStrategyType(v)
	}
	if v, ok := kv["max-surge"]; ok {
		d.Spec.Strategy.RollingUpdate = rollingUpdate(d)
		d.Spec.Strategy.RollingUpdate.MaxSurge = parseIntOrString(v)
	}
	if v, ok := kv["max-unavailable"]; ok {
		d.Spec.Strategy.RollingUpdate = rollingUpdate(d)
		d.Spec.Strategy.RollingUpdate.MaxUnavailable = parseIntOrString(v)
	}
	for key, field := range map[string]**int32{"deadline": &d.Spec.ProgressDeadlineSeconds, "history": &d.Spec.RevisionHistoryLimit} {
		if v, ok := kv[key]; ok {
			n, _ := strconv.Atoi(v)
			*field = ptr(int32(n))
		}
	}
	if v, ok := kv["min-ready"]; ok {
		n, _ := strconv.Atoi(v)
		d.Spec.MinReadySeconds = int32(n)
	}
	setChangeCause(d, kv)
	if _, err := s.c.API.Create(d); err != nil {
		return []string{"error: " + apiserver.KubectlMessage(err)}
	}
	return []string{"deployment.apps/" + name + " created"}
}

func rollingUpdate(d *api.Deployment) *api.RollingUpdateDeployment {
	if d.Spec.Strategy.RollingUpdate == nil {
		return &api.RollingUpdateDeployment{}
	}
	return d.Spec.Strategy.RollingUpdate
}

func parseIntOrString(v string) *api.IntOrString {
	if n, err := strconv.Atoi(v); err == nil {
		return intstr(int32(n))
	}
	return percent(v)
}

func (s *scenario) get(name string) *api.Deployment {
	d, err := apiserver.GetAs[*api.Deployment](s.c.API, "default", name)
	if err != nil {
		s.t.Fatal(err)
	}
	return d
}

func (s *scenario) mutate(name, verb string, f func(*api.Deployment)) []string {
	d := s.get(name)
	f(d)
	if _, err := s.c.API.Update(d); err != nil {
		return []string{"error: " + apiserver.KubectlMessage(err)}
	}
	return []string{"deployment.apps/" + name + " " + verb}
}

// tick advances one tick and returns the Deployment events it produced.
func (s *scenario) tick() []string {
	steps, err := s.c.Tick()
	if err != nil {
		s.t.Fatal(err)
	}
	s.lastSteps = append(s.lastSteps, steps...)
	return s.newEvents()
}

// newEvents prints every write of an Event about a Deployment since the
// last call, in write order. Watching the writes rather than listing the
// events keeps the exact order even when the recorder folds events into
// one "(combined from similar events)" event or bumps a repeated one's
// count.
func (s *scenario) newEvents() []string {
	var out []string
	for _, ev := range s.events.Drain() {
		e, ok := ev.Object.(*api.Event)
		if !ok || (ev.Type != apiserver.Added && ev.Type != apiserver.Modified) || e.InvolvedObject.Kind != "Deployment" {
			continue
		}
		count := ""
		if e.Count > 1 {
			count = fmt.Sprintf(" (x%d)", e.Count)
		}
		// The tick of the write, which may be before the current one (work
		// a tick finished before advancing the clock).
		t := int64(e.LastTimestamp.Sub(s.c.Clock.Now()).Seconds()) + s.c.CurrentTick()
		out = append(out, fmt.Sprintf("t=%d %s %s: %s%s", t, e.Type, e.Reason, e.Message, count))
	}
	return out
}

func (s *scenario) ownedReplicaSets(name string) []*api.ReplicaSet {
	d := s.get(name)
	all, _, err := apiserver.ListAs[*api.ReplicaSet](s.c.API, "default", nil)
	if err != nil {
		s.t.Fatal(err)
	}
	owned := controller.FilterReplicaSetsByUID(all, d.UID)
	sort.Sort(controller.ReplicaSetsByCreationTimestamp(owned))
	return owned
}

// sizes is a one-line view of every ReplicaSet: name spec/current/ready/available.
func (s *scenario) sizes(name string) string {
	if name == "" {
		name = "web"
	}
	var parts []string
	for _, r := range s.ownedReplicaSets(name) {
		parts = append(parts, fmt.Sprintf("%s %d/%d/%d/%d", r.Name, deploymentutil.SpecReplicas(r), r.Status.Replicas, r.Status.ReadyReplicas, r.Status.AvailableReplicas))
	}
	return strings.Join(parts, " | ")
}

func (s *scenario) complete(name string) bool {
	d := s.get(name)
	c := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing)
	return deploymentutil.DeploymentComplete(d, &d.Status) && (c == nil || c.Reason == deploymentutil.NewRSAvailableReason) &&
		d.Status.UnavailableReplicas == 0 && len(controller.FilterActiveReplicaSets(s.ownedReplicaSets(name))) <= 1
}

// hasCondition matches "Type=Status" or "Type=Status/Reason".
func (s *scenario) hasCondition(name, want string) bool {
	typ, rest, _ := strings.Cut(want, "=")
	status, reason, _ := strings.Cut(rest, "/")
	c := deploymentutil.GetDeploymentCondition(s.get(name).Status, api.DeploymentConditionType(typ))
	return c != nil && string(c.Status) == status && (reason == "" || c.Reason == reason)
}

// describe prints what `kubectl describe deployment` shows of the rollout.
func (s *scenario) describe(name string) []string {
	d := s.get(name)
	st := d.Status
	out := []string{
		fmt.Sprintf("Replicas:  %d desired | %d updated | %d total | %d available | %d unavailable",
			deploymentutil.Int32Value(d.Spec.Replicas), st.UpdatedReplicas, st.Replicas, st.AvailableReplicas, st.UnavailableReplicas),
		"Conditions:",
	}
	for _, c := range st.Conditions {
		out = append(out, fmt.Sprintf("  %s %s %s", c.Type, c.Status, c.Reason))
	}
	rss := s.ownedReplicaSets(name)
	_, oldRSs := deploymentutil.FindOldReplicaSets(d, rss)
	newRS := deploymentutil.FindNewReplicaSet(d, rss)
	var olds []string
	for _, r := range controller.FilterActiveReplicaSets(oldRSs) {
		olds = append(olds, fmt.Sprintf("%s (%d/%d replicas created)", r.Name, r.Status.Replicas, deploymentutil.SpecReplicas(r)))
	}
	if len(olds) == 0 {
		olds = []string{"<none>"}
	}
	out = append(out, "OldReplicaSets:  "+strings.Join(olds, ", "))
	if newRS == nil {
		out = append(out, "NewReplicaSet:   <none>")
	} else {
		out = append(out, fmt.Sprintf("NewReplicaSet:   %s (%d/%d replicas created)", newRS.Name, newRS.Status.Replicas, deploymentutil.SpecReplicas(newRS)))
	}
	return out
}

// replicaSets prints each ReplicaSet with its revision annotations.
func (s *scenario) replicaSets(name string) []string {
	out := []string{"NAME REVISION DESIRED CURRENT READY AVAILABLE"}
	for _, r := range s.ownedReplicaSets(name) {
		line := fmt.Sprintf("%s %s %d %d %d %d", r.Name, revisionString(r), deploymentutil.SpecReplicas(r), r.Status.Replicas, r.Status.ReadyReplicas, r.Status.AvailableReplicas)
		if h := r.Annotations[deploymentutil.RevisionHistoryAnnotation]; h != "" {
			line += " history=" + h
		}
		if cc := r.Annotations[deploymentutil.ChangeCauseAnnotation]; cc != "" {
			line += fmt.Sprintf(" change-cause=%q", cc)
		}
		out = append(out, line)
	}
	d := s.get(name)
	return append(out, fmt.Sprintf("deployment revision=%s generation=%d observedGeneration=%d",
		d.Annotations[deploymentutil.RevisionAnnotation], d.Generation, d.Status.ObservedGeneration))
}

// conditions prints the conditions with their times as ticks.
func (s *scenario) conditions(name string) []string {
	var out []string
	tickOf := func(t api.Time) int64 { return int64(t.Sub(s.c.Clock.Now()).Seconds()) + s.c.CurrentTick() }
	for _, c := range s.get(name).Status.Conditions {
		out = append(out, fmt.Sprintf("%s %s %s updated=t%d transition=t%d %q", c.Type, c.Status, c.Reason,
			tickOf(c.LastUpdateTime), tickOf(c.LastTransitionTime), c.Message))
	}
	return out
}

// pods counts the Deployment's pods per ReplicaSet by state.
func (s *scenario) pods(name string) []string {
	pods, _, err := apiserver.ListAs[*api.Pod](s.c.API, "default", nil)
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for _, r := range s.ownedReplicaSets(name) {
		counts := map[string]int{}
		for _, p := range pods {
			if !p.IsControlledBy(r.UID) {
				continue
			}
			state := string(p.Status.Phase)
			switch {
			case p.DeletionTimestamp != nil:
				state = "Terminating"
			case controller.IsPodReady(p):
				state = "Ready"
			}
			counts[state]++
		}
		var parts []string
		for _, st := range []string{"Pending", "Running", "Ready", "Terminating"} {
			if counts[st] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
			}
		}
		if len(parts) == 0 {
			parts = []string{"none"}
		}
		out = append(out, r.Name+": "+strings.Join(parts, ", "))
	}
	return out
}

// objects lists the Deployments, ReplicaSets and pods of the namespace with
// their controllers and deletion state (what the garbage collector works on).
func (s *scenario) objects() []string {
	var out []string
	state := func(m *api.ObjectMeta) string {
		st := ""
		if ref := m.ControllerRef(); ref != nil {
			st += " owner=" + ref.Kind + "/" + ref.Name
		}
		if m.DeletionTimestamp != nil {
			st += " deleting"
		}
		if len(m.Finalizers) > 0 {
			st += " finalizers=" + strings.Join(m.Finalizers, ",")
		}
		return st
	}
	ds, _, _ := apiserver.ListAs[*api.Deployment](s.c.API, "default", nil)
	for _, d := range ds {
		out = append(out, "deployment/"+d.Name+state(&d.ObjectMeta))
	}
	rss, _, _ := apiserver.ListAs[*api.ReplicaSet](s.c.API, "default", nil)
	for _, r := range rss {
		out = append(out, fmt.Sprintf("replicaset/%s replicas=%d%s", r.Name, deploymentutil.SpecReplicas(r), state(&r.ObjectMeta)))
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](s.c.API, "default", nil)
	byOwner := map[string]int{}
	var owners []string
	for _, p := range pods {
		key := "pods" + state(&p.ObjectMeta)
		if byOwner[key] == 0 {
			owners = append(owners, key)
		}
		byOwner[key]++
	}
	sort.Strings(owners)
	for _, k := range owners {
		out = append(out, fmt.Sprintf("%d %s", byOwner[k], k))
	}
	if len(out) == 0 {
		out = []string{"nothing"}
	}
	return out
}

// history prints `kubectl rollout history`.
func (s *scenario) history(name string) []string {
	rss := s.ownedReplicaSets(name)
	sort.Slice(rss, func(i, j int) bool {
		a, _ := deploymentutil.Revision(rss[i])
		b, _ := deploymentutil.Revision(rss[j])
		return a < b
	})
	out := []string{"REVISION CHANGE-CAUSE"}
	for _, r := range rss {
		cc := r.Annotations[deploymentutil.ChangeCauseAnnotation]
		if cc == "" {
			cc = "<none>"
		}
		out = append(out, revisionString(r)+" "+cc)
	}
	return out
}

// explain prints the Deployment controller's decision records of the last
// command that ran the clock, optionally only those of one tick and/or some
// upstream functions (fn=a,b).
func (s *scenario) explain(tick, fn string) []string {
	var out []string
	for _, st := range s.lastSteps {
		if st.Controller != Name || (tick != "" && fmt.Sprint(st.Tick) != tick) {
			continue
		}
		for _, d := range st.Decisions {
			if fn != "" && !slices.Contains(strings.Split(fn, ","), d.Upstream) {
				continue
			}
			out = append(out, fmt.Sprintf("t=%d %s", st.Tick, d.String()))
		}
		if st.Err != nil && fn == "" {
			out = append(out, fmt.Sprintf("t=%d sync error, retried: %v", st.Tick, st.Err))
		}
	}
	return out
}
