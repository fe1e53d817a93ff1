package kubelet

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// What the simulated process does with common commands: when it exits,
// with which code, and whether it serves.
func TestProcessModel(t *testing.T) {
	reg := images.New()
	busybox, _ := reg.Lookup("busybox:1.36")
	nginx, _ := reg.Lookup("nginx:1.25")
	never := time.Duration(-1)
	cases := []struct {
		img     *images.Image
		command []string
		args    []string
		exit    time.Duration // -1: runs forever
		code    int32
		serves  bool
	}{
		{busybox, nil, nil, 0, 0, false},
		{busybox, []string{"sleep", "3600"}, nil, time.Hour, 0, false},
		{busybox, []string{"sh", "-c", "echo The app is running! && sleep 3600"}, nil, time.Hour, 0, false},
		{busybox, nil, []string{"/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"}, 630 * time.Second, 0, false},
		{busybox, []string{"sh", "-c", "while true; do echo hello; sleep 10; done"}, nil, never, 0, false},
		{busybox, []string{"sh", "-c", "sleep 2; exit 3"}, nil, 2 * time.Second, 3, false},
		{busybox, []string{"sh", "-c", "false"}, nil, 0, 1, false},
		{busybox, []string{"tail", "-f", "/dev/null"}, nil, never, 0, false},
		{busybox, []string{"sleep", "infinity"}, nil, never, 0, false},
		{busybox, []string{"sleep", "1m"}, nil, time.Minute, 0, false},
		{nginx, nil, nil, never, 0, true},
		{nginx, []string{"nginx", "-g", "daemon off;"}, nil, never, 0, true},
		{nginx, []string{"/bin/sh", "-c", "echo hi > /usr/share/nginx/html/index.html && nginx -g 'daemon off;'"}, nil, never, 0, true},
		{nginx, nil, []string{"sleep", "5"}, 5 * time.Second, 0, false},
	}
	for _, tc := range cases {
		c := &api.Container{Name: "c", Command: tc.command, Args: tc.args}
		p := newProcess(c, tc.img, images.Behavior{}, clock.Epoch)
		p.advance(clock.Epoch.Add(2*time.Hour), func(string) bool { return false })
		switch {
		case tc.exit == never && p.exited:
			t.Errorf("%v %v: exited at %v", tc.command, tc.args, p.exitAt.Sub(clock.Epoch))
		case tc.exit != never && (!p.exited || p.exitAt.Sub(clock.Epoch) != tc.exit || p.exitCode != tc.code):
			t.Errorf("%v %v: exited=%v at %v code %d, want %v code %d", tc.command, tc.args, p.exited, p.exitAt.Sub(clock.Epoch), p.exitCode, tc.exit, tc.code)
		case tc.exit == never && p.listening != tc.serves:
			t.Errorf("%v %v: listening %v", tc.command, tc.args, p.listening)
		}
	}
}

// A crash behaviour cuts the program short; files appear and vanish on
// time.
func TestProcessFilesAndCrash(t *testing.T) {
	reg := images.New()
	busybox, _ := reg.Lookup("busybox:1.36")
	c := &api.Container{Name: "c", Args: []string{"/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"}}
	p := newProcess(c, busybox, images.Behavior{}, clock.Epoch)
	p.advance(clock.Epoch.Add(29*time.Second), nil)
	if !p.hasFile("/tmp/healthy") {
		t.Error("no /tmp/healthy at 29 s")
	}
	p.advance(clock.Epoch.Add(30*time.Second), nil)
	if p.hasFile("/tmp/healthy") {
		t.Error("/tmp/healthy still there at 30 s")
	}
	q := newProcess(&api.Container{Name: "c"}, busybox, images.Behavior{CrashAfter: 5 * time.Second, ExitCode: 42}, clock.Epoch)
	q.advance(clock.Epoch.Add(time.Minute), nil)
	if !q.exited || q.exitCode != 42 || q.exitAt.Sub(clock.Epoch) != 5*time.Second {
		t.Errorf("crash: %v %d %v", q.exited, q.exitCode, q.exitAt)
	}
}

// The back-off doubles from 10 s to 300 s and forgets a key quiet for
// 600 s, as flowcontrol.Backoff does.
func TestBackoff(t *testing.T) {
	b := newBackoff(backOffPeriod, maxContainerBackOff)
	now := clock.Epoch
	var got []time.Duration
	for range 8 {
		b.Next("k", now, now)
		got = append(got, b.Get("k"))
		now = now.Add(b.Get("k"))
	}
	want := []time.Duration{10, 20, 40, 80, 160, 300, 300, 300}
	for i := range want {
		if got[i] != want[i]*time.Second {
			t.Fatalf("back-offs %v", got)
		}
	}
	if !b.IsInBackOffSince("k", now, now.Add(299*time.Second)) || b.IsInBackOffSince("k", now, now.Add(300*time.Second)) {
		t.Error("IsInBackOffSince")
	}
	later := now.Add(601 * time.Second)
	b.Next("k", later, later)
	if b.Get("k") != 10*time.Second {
		t.Errorf("after 10 quiet minutes: %v", b.Get("k"))
	}
}
