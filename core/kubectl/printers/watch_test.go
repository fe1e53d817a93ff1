package printers

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// kubectl get pods -w during a rollout: the header once, then one line per
// change; widths remembered from earlier flushes never shrink, and a wider
// STATUS widens that column from then on.
func TestWatchPrinter(t *testing.T) {
	var b strings.Builder
	p := NewWatchPrinter(&b, TableOptions{})
	pod := runningPod("web-6d4cf56db6-x7k2p", 5*time.Minute, nil)
	if err := p.print(objs(pod), now); err != nil {
		t.Fatal(err)
	}
	creating := runningPod("web-7d9f8c6b5-abcde", 0, nil)
	creating.Status = api.PodStatus{Phase: api.PodPending, ContainerStatuses: []api.ContainerStatus{
		{State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "ContainerCreating"}}}}}
	if err := p.print(objs(creating), now); err != nil {
		t.Fatal(err)
	}
	started := runningPod("web-7d9f8c6b5-abcde", 3*time.Second, nil)
	if err := p.print(objs(started), now.Add(0)); err != nil {
		t.Fatal(err)
	}
	deleted := pod.DeepCopyObject().(*api.Pod)
	ts := ago(-30 * time.Second)
	deleted.DeletionTimestamp = &ts
	if err := p.print(objs(deleted), now); err != nil {
		t.Fatal(err)
	}
	check(t, "watch", b.String(),
		"NAME                   READY   STATUS    RESTARTS   AGE\n"+
			"web-6d4cf56db6-x7k2p   1/1     Running   0          5m\n"+
			"web-7d9f8c6b5-abcde    0/1     ContainerCreating   0          0s\n"+
			"web-7d9f8c6b5-abcde    1/1     Running             0          3s\n"+
			"web-6d4cf56db6-x7k2p   1/1     Terminating         0          5m\n")

	// Nothing listed at first: the first event brings the header.
	b.Reset()
	p = NewWatchPrinter(&b, TableOptions{NoHeaders: false})
	_ = p.print(nil, now)
	_ = p.print(objs(pod), now)
	check(t, "watch from empty", b.String(),
		"NAME                   READY   STATUS    RESTARTS   AGE\n"+
			"web-6d4cf56db6-x7k2p   1/1     Running   0          5m\n")
}

// A single flush of the watch printer lays out exactly as the table
// printer's text/tabwriter does.
func TestWatchPrinterMatchesTable(t *testing.T) {
	list := objs(
		runningPod("a", time.Second, map[string]string{"app": "x"}),
		runningPod("web-6d4cf56db6-x7k2p", 3*time.Hour, nil),
		runningPod("db-0", 400*24*time.Hour, map[string]string{"app": "db", "tier": "data"}),
	)
	for _, opts := range []TableOptions{{}, {Wide: true}, {ShowLabels: true}, {NoHeaders: true}, {WithNamespace: true, ShowKind: true}} {
		var b strings.Builder
		if err := NewWatchPrinter(&b, opts).print(list, now); err != nil {
			t.Fatal(err)
		}
		check(t, "watch vs table", b.String(), printTable(t, list, opts))
	}
}
