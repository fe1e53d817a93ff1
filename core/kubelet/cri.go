package kubelet

import (
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// CRICall is one call the kubelet made to the container runtime (the CRI,
// k8s.io/cri-api RuntimeService and ImageService) for a pod, recorded when
// Options.CRILog is set so the UI can show what the documentation
// describes: RunPodSandbox, PullImage, CreateContainer, StartContainer,
// StopContainer, StopPodSandbox, RemovePodSandbox, and the exits the
// kubelet learns of through ContainerStatus.
type CRICall struct {
	Tick      int64  `json:"tick"`
	Call      string `json:"call"`
	Container string `json:"container,omitempty"`
	Detail    string `json:"detail,omitempty"`
}

func (k *Kubelet) criLog(w *podWorker, at time.Time, call, container, detail string) {
	if k.opts.CRILog {
		c := CRICall{Tick: tick(at), Call: call, Container: container, Detail: detail}
		w.cri = append(w.cri, c)
		k.journal.add(CRIEntry{Pod: w.key, CRICall: c})
	}
}

// CRIEntry is a CRI call with the pod it was made for ("namespace/name").
type CRIEntry struct {
	Pod string `json:"pod"`
	CRICall
}

// criJournal is every CRI call this kubelet made, in order, the last
// maxJournal of them, for scripts/play --explain to show the calls made
// while a command ran.
type criJournal struct {
	entries []CRIEntry
	total   int
}

const maxJournal = 2048

func (j *criJournal) add(e CRIEntry) {
	if len(j.entries) == maxJournal {
		j.entries = slices.Delete(j.entries, 0, maxJournal/2)
	}
	j.entries = append(j.entries, e)
	j.total++
}

// CRICount is how many CRI calls the kubelet has made; pass it to
// CRICallsSince later for the ones made in between.
func (k *Kubelet) CRICount() int { return k.journal.total }

// CRICallsSince returns the CRI calls made after the first n (those the
// bounded journal still holds).
func (k *Kubelet) CRICallsSince(n int) []CRIEntry {
	first := k.journal.total - len(k.journal.entries)
	return slices.Clone(k.journal.entries[max(n-first, 0):])
}

// CRILog returns the CRI calls recorded for a pod this kubelet runs (nil
// when it runs no such pod or the log is off).
// A removed pod's log (ending in RemovePodSandbox) stays available by uid,
// for the last maxArchivedCRILogs pods removed.
func (k *Kubelet) CRILog(pod *api.Pod) []CRICall {
	if w := k.workers[podKey(pod)]; w != nil && w.uid == pod.UID {
		return slices.Clone(w.cri)
	}
	for _, a := range k.criArchive {
		if a.uid == pod.UID {
			return slices.Clone(a.calls)
		}
	}
	return nil
}

const maxArchivedCRILogs = 256

type archivedCRILog struct {
	uid   string
	calls []CRICall
}

// archiveCRILog keeps a removed pod's log.
func (k *Kubelet) archiveCRILog(w *podWorker) {
	if !k.opts.CRILog {
		return
	}
	if len(k.criArchive) >= maxArchivedCRILogs {
		k.criArchive = k.criArchive[1:]
	}
	k.criArchive = append(k.criArchive, archivedCRILog{uid: w.uid, calls: w.cri})
}
