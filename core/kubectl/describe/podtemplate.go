package describe

import (
	"io"

	"github.com/kubeplay/kubeplay/core/api"
)

// describePodTemplate prints the "Pod Template:" section of Deployments
// and ReplicaSets: labels, annotations (only when there are some), service
// account, init containers, containers, volumes, priority class, node
// selectors and tolerations (DescribePodTemplate).
func describePodTemplate(w *prefixWriter, t *api.PodTemplateSpec) {
	w.write(level0, "Pod Template:\n")
	printLabelsMultiline(w, "  Labels", t.Labels)
	if len(t.Annotations) > 0 {
		printAnnotationsMultiline(w, "  Annotations", t.Annotations)
	}
	if t.Spec.ServiceAccountName != "" {
		w.write(level1, "Service Account:\t%s\n", t.Spec.ServiceAccountName)
	}
	if len(t.Spec.InitContainers) > 0 {
		describeContainers(w, "Init Containers", t.Spec.InitContainers, nil, nil, "  ")
	}
	describeContainers(w, "Containers", t.Spec.Containers, nil, nil, "  ")
	describeVolumes(w, t.Spec.Volumes, "  ")
	if t.Spec.PriorityClassName != "" {
		w.write(level1, "Priority Class Name:\t%s\n", t.Spec.PriorityClassName)
	}
	printLabelsMultiline(w, "  Node-Selectors", t.Spec.NodeSelector)
	printTolerationsMultiline(w, "  Tolerations", t.Spec.Tolerations)
}

// PodTemplate prints a bare "Pod Template:" section, as `kubectl rollout
// history --revision=N` does (printTemplate in
// staging/src/k8s.io/kubectl/pkg/polymorphichelpers/history.go). Like
// upstream it writes through a plain prefix writer, not a tabwriter, so the
// tabs between labels and values reach the terminal as tabs.
func PodTemplate(w io.Writer, t *api.PodTemplateSpec) error {
	describePodTemplate(&prefixWriter{out: w}, t)
	return nil
}
