package printers

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// handlers maps each kind to its columns and row function, as AddHandlers
// in pkg/printers/internalversion/printers.go registers them.
var handlers = map[string]handler{
	"Deployment":    deploymentHandler,
	"ReplicaSet":    replicaSetHandler,
	"Pod":           podHandler,
	"Service":       serviceHandler,
	"EndpointSlice": endpointSliceHandler,
	"Endpoints":     endpointsHandler,
	"Node":          nodeHandler,
	"Event":         eventHandler,
	"Namespace":     namespaceHandler,
	"ResourceQuota": resourceQuotaHandler,
	"Lease":         leaseHandler,
	"RuntimeClass":  runtimeClassHandler,
}

// defaultHandler prints NAME and AGE, for kinds without a handler
// (cli-runtime's printObjectMeta).
var defaultHandler = handler{
	columns: []column{nameCol, col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		m := obj.GetObjectMeta()
		return []string{m.Name, Age(m.CreationTimestamp, now)}
	},
}

func handlerFor(obj api.Object) handler {
	if h, ok := handlers[kindName(obj)]; ok {
		return h
	}
	return defaultHandler
}

// layoutContainerCells joins the containers' names and images with commas,
// for the CONTAINERS and IMAGES columns of -o wide (layoutContainerCells).
func layoutContainerCells(containers []api.Container) (names, images string) {
	for i, c := range containers {
		if i > 0 {
			names += ","
			images += ","
		}
		names += c.Name
		images += c.Image
	}
	return names, images
}

// int32Value reads an optional count; an unset one prints as 0.
func int32Value(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}
