package printers

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// deploymentHandler: NAME READY UP-TO-DATE AVAILABLE AGE, and with -o wide
// CONTAINERS IMAGES SELECTOR (printDeployment).
var deploymentHandler = handler{
	columns: []column{nameCol, col("Ready"), col("Up-to-date"), col("Available"), col("Age"),
		wide("Containers"), wide("Images"), wide("Selector")},
	row: func(obj api.Object, now time.Time) []string {
		d := obj.(*api.Deployment)
		names, images := layoutContainerCells(d.Spec.Template.Spec.Containers)
		// printDeployment prints the selector's String, which is empty (not
		// "<none>") for an empty selector, and "<invalid>" when it does not
		// convert.
		selector := "<invalid>"
		if sel, err := labels.SelectorFromLabelSelector(d.Spec.Selector); err == nil {
			selector = sel.String()
		}
		return []string{
			d.Name,
			fmt.Sprintf("%d/%d", d.Status.ReadyReplicas, int32Value(d.Spec.Replicas)),
			strconv.Itoa(int(d.Status.UpdatedReplicas)),
			strconv.Itoa(int(d.Status.AvailableReplicas)),
			Age(d.CreationTimestamp, now),
			names, images, selector,
		}
	},
}

// replicaSetHandler: NAME DESIRED CURRENT READY AGE, and with -o wide
// CONTAINERS IMAGES SELECTOR (printReplicaSet).
var replicaSetHandler = handler{
	columns: []column{nameCol, col("Desired"), col("Current"), col("Ready"), col("Age"),
		wide("Containers"), wide("Images"), wide("Selector")},
	row: func(obj api.Object, now time.Time) []string {
		rs := obj.(*api.ReplicaSet)
		names, images := layoutContainerCells(rs.Spec.Template.Spec.Containers)
		return []string{
			rs.Name,
			strconv.Itoa(int(int32Value(rs.Spec.Replicas))),
			strconv.Itoa(int(rs.Status.Replicas)),
			strconv.Itoa(int(rs.Status.ReadyReplicas)),
			Age(rs.CreationTimestamp, now),
			names, images, labels.FormatLabelSelector(rs.Spec.Selector),
		}
	},
}
