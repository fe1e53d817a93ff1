package printers

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// serviceHandler: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE, and with
// -o wide SELECTOR (printService).
var serviceHandler = handler{
	columns: []column{nameCol, col("Type"), col("Cluster-IP"), col("External-IP"), col("Port(s)"), col("Age"),
		wide("Selector")},
	row: func(obj api.Object, now time.Time) []string {
		svc := obj.(*api.Service)
		clusterIP := "<none>"
		if len(svc.Spec.ClusterIPs) > 0 {
			clusterIP = svc.Spec.ClusterIPs[0]
		}
		ports := servicePorts(svc.Spec.Ports)
		if ports == "" {
			ports = "<none>"
		}
		return []string{svc.Name, string(svc.Spec.Type), clusterIP, serviceExternalIP(svc), ports,
			Age(svc.CreationTimestamp, now), labels.FormatLabels(svc.Spec.Selector)}
	},
}

// serviceExternalIP is the EXTERNAL-IP cell (getServiceExternalIP): the
// external IPs, "<none>"; for a LoadBalancer its ingress points (sorted,
// unique) then the external IPs, or "<pending>"; for ExternalName the name.
// The API server builds tables as for -o wide, so a long ingress list is
// never clipped.
func serviceExternalIP(svc *api.Service) string {
	switch svc.Spec.Type {
	case api.ServiceTypeClusterIP, api.ServiceTypeNodePort:
		if len(svc.Spec.ExternalIPs) > 0 {
			return strings.Join(svc.Spec.ExternalIPs, ",")
		}
		return "<none>"
	case api.ServiceTypeLoadBalancer:
		var ingress []string
		for _, in := range svc.Status.LoadBalancer.Ingress {
			switch {
			case in.IP != "":
				ingress = append(ingress, in.IP)
			case in.Hostname != "":
				ingress = append(ingress, in.Hostname)
			}
		}
		slices.Sort(ingress)
		ingress = slices.Compact(ingress)
		if len(svc.Spec.ExternalIPs) > 0 {
			return strings.Join(append(ingress, svc.Spec.ExternalIPs...), ",")
		}
		if len(ingress) > 0 {
			return strings.Join(ingress, ",")
		}
		return "<pending>"
	case api.ServiceTypeExternalName:
		return svc.Spec.ExternalName
	}
	return "<unknown>"
}

// servicePorts is the PORT(S) cell: "80/TCP", "80:30080/TCP" with a node
// port, comma-separated (makePortString).
func servicePorts(ports []api.ServicePort) string {
	pieces := make([]string, len(ports))
	for i, p := range ports {
		pieces[i] = fmt.Sprintf("%d/%s", p.Port, p.Protocol)
		if p.NodePort > 0 {
			pieces[i] = fmt.Sprintf("%d:%d/%s", p.Port, p.NodePort, p.Protocol)
		}
	}
	return strings.Join(pieces, ",")
}

// nodeHandler: NAME STATUS ROLES AGE VERSION, and with -o wide INTERNAL-IP
// EXTERNAL-IP OS-IMAGE KERNEL-VERSION CONTAINER-RUNTIME (printNode).
var nodeHandler = handler{
	columns: []column{nameCol, col("Status"), col("Roles"), col("Age"), col("Version"),
		wide("Internal-IP"), wide("External-IP"), wide("OS-Image"), wide("Kernel-Version"), wide("Container-Runtime")},
	row: func(obj api.Object, now time.Time) []string {
		node := obj.(*api.Node)
		roles := strings.Join(NodeRoles(node), ",")
		if roles == "" {
			roles = "<none>"
		}
		info := node.Status.NodeInfo
		kernel := orUnknown(info.KernelVersion)
		if info.Architecture != "" { // printNode appends the architecture
			kernel += " (" + info.Architecture + ")"
		}
		return []string{node.Name, NodeStatus(node), roles, Age(node.CreationTimestamp, now), info.KubeletVersion,
			nodeAddress(node, "InternalIP"), nodeAddress(node, "ExternalIP"),
			orUnknown(info.OSImage), kernel, orUnknown(info.ContainerRuntimeVersion)}
	},
}

// NodeStatus is the STATUS cell of a node: Ready, NotReady (for False and
// Unknown alike) or Unknown without a Ready condition, then
// ",SchedulingDisabled" when cordoned.
func NodeStatus(node *api.Node) string {
	var status []string
	for _, c := range node.Status.Conditions {
		if c.Type != api.NodeReady {
			continue
		}
		if c.Status == api.ConditionTrue {
			status = []string{string(c.Type)}
		} else {
			status = []string{"Not" + string(c.Type)}
		}
	}
	if len(status) == 0 {
		status = append(status, "Unknown")
	}
	if node.Spec.Unschedulable {
		status = append(status, "SchedulingDisabled")
	}
	return strings.Join(status, ",")
}

// NodeRoles lists a node's roles, sorted: the <role> of each
// node-role.kubernetes.io/<role> label and the value of a kubernetes.io/role
// label (findNodeRoles).
func NodeRoles(node *api.Node) []string {
	var roles []string
	for k, v := range node.Labels {
		switch {
		case strings.HasPrefix(k, "node-role.kubernetes.io/"):
			if role := strings.TrimPrefix(k, "node-role.kubernetes.io/"); role != "" {
				roles = append(roles, role)
			}
		case k == "kubernetes.io/role" && v != "":
			roles = append(roles, v)
		}
	}
	slices.Sort(roles)
	return slices.Compact(roles)
}

// nodeAddress returns the node's first address of the type, or "<none>".
func nodeAddress(node *api.Node, typ api.NodeAddressType) string {
	for _, a := range node.Status.Addresses {
		if a.Type == typ {
			return a.Address
		}
	}
	return "<none>"
}

func orUnknown(s string) string {
	if s == "" {
		return "<unknown>"
	}
	return s
}

// namespaceHandler: NAME STATUS AGE (printNamespace).
var namespaceHandler = handler{
	columns: []column{nameCol, col("Status"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		ns := obj.(*api.Namespace)
		return []string{ns.Name, string(ns.Status.Phase), Age(ns.CreationTimestamp, now)}
	},
}

// eventHandler: LAST SEEN TYPE REASON OBJECT MESSAGE, and with -o wide
// SUBOBJECT SOURCE (between OBJECT and MESSAGE), FIRST SEEN COUNT NAME
// (printEvent).
var eventHandler = handler{
	columns: []column{col("Last Seen"), col("Type"), col("Reason"), col("Object"), wide("Subobject"),
		wide("Source"), col("Message"), wide("First Seen"), wide("Count"),
		{name: "Name", priority: 1, isName: true}},
	row: func(obj api.Object, now time.Time) []string {
		e := obj.(*api.Event)
		first := Age(e.FirstTimestamp, now)
		last := first
		if !e.LastTimestamp.IsZero() {
			last = Age(e.LastTimestamp, now)
		}
		count := e.Count
		if count == 0 {
			// Singleton events of the events.k8s.io API carry no count.
			count = 1
		}
		target := strings.ToLower(e.InvolvedObject.Kind)
		if e.InvolvedObject.Name != "" {
			target += "/" + e.InvolvedObject.Name
		}
		return []string{last, e.Type, e.Reason, target, e.InvolvedObject.FieldPath,
			eventSource(e), strings.TrimSpace(e.Message), first, fmt.Sprint(count), e.Name}
	},
}

// eventSource is the SOURCE cell: the component, then ", host" when known,
// falling back to the reporting controller and instance (formatEventSource).
func eventSource(e *api.Event) string {
	component := e.Source.Component
	if component == "" {
		component = e.ReportingComponent
	}
	host := e.Source.Host
	if host == "" {
		host = e.ReportingInstance
	}
	if host == "" {
		return component
	}
	return component + ", " + host
}
