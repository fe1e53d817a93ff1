package printers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// The columns of the autoscaling, networking, policy and storage kinds, as
// pkg/printers/internalversion/printers.go prints them. The API server
// generates every table with Wide set (pkg/printers/storage), so an
// Ingress's ADDRESS is never cut at 16 characters.

func init() {
	handlers["HorizontalPodAutoscaler"] = hpaHandler
	handlers["Ingress"] = ingressHandler
	handlers["IngressClass"] = ingressClassHandler
	handlers["NetworkPolicy"] = networkPolicyHandler
	handlers["PodDisruptionBudget"] = pdbHandler
	handlers["PersistentVolumeClaim"] = pvcHandler
	handlers["PersistentVolume"] = pvHandler
	handlers["StorageClass"] = storageClassHandler
}

// ingressHandler: NAME CLASS HOSTS ADDRESS PORTS AGE (printIngress).
var ingressHandler = handler{
	columns: []column{nameCol, col("Class"), col("Hosts"), col("Address"), col("Ports"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		ing := obj.(*api.Ingress)
		class := "<none>"
		if ing.Spec.IngressClassName != nil {
			class = *ing.Spec.IngressClassName
		}
		ports := "80" // formatPorts
		if len(ing.Spec.TLS) != 0 {
			ports = "80, 443"
		}
		return []string{ing.Name, class, ingressHosts(ing.Spec.Rules), IngressAddress(ing.Status.LoadBalancer), ports,
			Age(ing.CreationTimestamp, now)}
	},
}

// ingressHosts models formatHosts: up to three hosts, "*" for none; a
// rule without a host counts towards the "more".
func ingressHosts(rules []api.IngressRule) string {
	const max = 3
	var list []string
	more := false
	for _, r := range rules {
		if len(list) == max {
			more = true
		}
		if !more && r.Host != "" {
			list = append(list, r.Host)
		}
	}
	if len(list) == 0 {
		return "*"
	}
	if more {
		return fmt.Sprintf("%s + %d more...", strings.Join(list, ","), len(rules)-max)
	}
	return strings.Join(list, ",")
}

// IngressAddress models ingressLoadBalancerStatusStringer (wide): each
// ingress point's IP, else its hostname, sorted and unique.
func IngressAddress(s api.IngressLoadBalancerStatus) string {
	var list []string
	for _, in := range s.Ingress {
		switch {
		case in.IP != "":
			list = append(list, in.IP)
		case in.Hostname != "":
			list = append(list, in.Hostname)
		}
	}
	slices.Sort(list)
	return strings.Join(slices.Compact(list), ",")
}

// ingressClassHandler: NAME CONTROLLER PARAMETERS AGE (printIngressClass).
var ingressClassHandler = handler{
	columns: []column{nameCol, col("Controller"), col("Parameters"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		ic := obj.(*api.IngressClass)
		name := ic.Name
		if ic.Annotations[api.AnnotationIsDefaultIngressClass] == "true" { // networkingutil.HasDefaultAnnotation
			name += " (default)"
		}
		params := "<none>"
		if p := ic.Spec.Parameters; p != nil {
			params = p.Kind
			if p.APIGroup != nil {
				params += "." + *p.APIGroup
			}
			params += "/" + p.Name
		}
		return []string{name, ic.Spec.Controller, params, Age(ic.CreationTimestamp, now)}
	},
}

// networkPolicyHandler: NAME POD-SELECTOR AGE (printNetworkPolicy).
var networkPolicyHandler = handler{
	columns: []column{nameCol, col("Pod-Selector"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		np := obj.(*api.NetworkPolicy)
		return []string{np.Name, labels.FormatLabelSelector(&np.Spec.PodSelector), Age(np.CreationTimestamp, now)}
	},
}

// hpaHandler: NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE
// (printHorizontalPodAutoscaler).
var hpaHandler = handler{
	columns: []column{nameCol, col("Reference"), col("Targets"), col("MinPods"), col("MaxPods"), col("Replicas"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		h := obj.(*api.HorizontalPodAutoscaler)
		minPods := "<unset>"
		if h.Spec.MinReplicas != nil {
			minPods = strconv.Itoa(int(*h.Spec.MinReplicas))
		}
		return []string{h.Name, h.Spec.ScaleTargetRef.Kind + "/" + h.Spec.ScaleTargetRef.Name,
			HPAMetrics(h.Spec.Metrics, h.Status.CurrentMetrics), minPods, strconv.Itoa(int(h.Spec.MaxReplicas)),
			strconv.Itoa(int(h.Status.CurrentReplicas)), Age(h.CreationTimestamp, now)}
	},
}

// HPAMetrics models formatHPAMetrics: "cpu: 45%/60%" per metric (the
// status at the same index gives the current value, "<unknown>" when there
// is none), at most two and "+ N more...".
func HPAMetrics(specs []api.MetricSpec, statuses []api.MetricStatus) string {
	if len(specs) == 0 {
		return "<none>"
	}
	status := func(i int) *api.MetricStatus {
		if i < len(statuses) {
			return &statuses[i]
		}
		return nil
	}
	var list []string
	for i, s := range specs {
		st := status(i)
		cur := "<unknown>"
		switch s.Type {
		case api.ExternalMetricSourceType:
			if s.External.Target.AverageValue != nil {
				if st != nil && st.External != nil && st.External.Current.AverageValue != nil {
					cur = st.External.Current.AverageValue.String()
				}
				list = append(list, fmt.Sprintf("%s/%s (avg)", cur, s.External.Target.AverageValue.String()))
			} else {
				if st != nil && st.External != nil {
					cur = quantityString(st.External.Current.Value)
				}
				list = append(list, fmt.Sprintf("%s/%s", cur, quantityString(s.External.Target.Value)))
			}
		case api.PodsMetricSourceType:
			if st != nil && st.Pods != nil {
				cur = quantityString(st.Pods.Current.AverageValue)
			}
			list = append(list, fmt.Sprintf("%s/%s", cur, quantityString(s.Pods.Target.AverageValue)))
		case api.ObjectMetricSourceType:
			if s.Object.Target.AverageValue != nil {
				if st != nil && st.Object != nil && st.Object.Current.AverageValue != nil {
					cur = st.Object.Current.AverageValue.String()
				}
				list = append(list, fmt.Sprintf("%s/%s (avg)", cur, s.Object.Target.AverageValue.String()))
			} else {
				if st != nil && st.Object != nil {
					cur = quantityString(st.Object.Current.Value)
				}
				list = append(list, fmt.Sprintf("%s/%s", cur, quantityString(s.Object.Target.Value)))
			}
		case api.ResourceMetricSourceType:
			list = append(list, resourceMetric(s.Resource.Name, s.Resource.Target, func() *api.MetricValueStatus {
				if st != nil && st.Resource != nil {
					return &st.Resource.Current
				}
				return nil
			}()))
		case api.ContainerResourceMetricSourceType:
			list = append(list, resourceMetric(s.ContainerResource.Name, s.ContainerResource.Target, func() *api.MetricValueStatus {
				if st != nil && st.ContainerResource != nil {
					return &st.ContainerResource.Current
				}
				return nil
			}()))
		default:
			list = append(list, "<unknown type>")
		}
	}
	const max = 2
	if len(list) > max {
		return fmt.Sprintf("%s + %d more...", strings.Join(list[:max], ", "), len(list)-max)
	}
	return strings.Join(list, ", ")
}

// resourceMetric is formatHPAMetrics' Resource and ContainerResource case.
func resourceMetric(name api.ResourceName, t api.MetricTarget, cur *api.MetricValueStatus) string {
	if t.AverageValue != nil {
		c := "<unknown>"
		if cur != nil {
			c = quantityString(cur.AverageValue)
		}
		return fmt.Sprintf("%s: %s/%s", name, c, t.AverageValue.String())
	}
	c := "<unknown>"
	if cur != nil && cur.AverageUtilization != nil {
		c = fmt.Sprintf("%d%%", *cur.AverageUtilization)
	}
	target := "<auto>"
	if t.AverageUtilization != nil {
		target = fmt.Sprintf("%d%%", *t.AverageUtilization)
	}
	return fmt.Sprintf("%s: %s/%s", name, c, target)
}

// quantityString is Quantity.String of an optional quantity: upstream
// calls it on a nil pointer, which prints "<nil>".
func quantityString(q *resource.Quantity) string {
	if q == nil {
		return "<nil>"
	}
	return q.String()
}

// pdbHandler: NAME MIN AVAILABLE MAX UNAVAILABLE ALLOWED DISRUPTIONS AGE
// (printPodDisruptionBudget).
var pdbHandler = handler{
	columns: []column{nameCol, col("Min Available"), col("Max Unavailable"), col("Allowed Disruptions"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		p := obj.(*api.PodDisruptionBudget)
		minA, maxU := "N/A", "N/A"
		if p.Spec.MinAvailable != nil {
			minA = p.Spec.MinAvailable.String()
		}
		if p.Spec.MaxUnavailable != nil {
			maxU = p.Spec.MaxUnavailable.String()
		}
		return []string{p.Name, minA, maxU, strconv.Itoa(int(p.Status.DisruptionsAllowed)), Age(p.CreationTimestamp, now)}
	},
}

// pvcHandler: NAME STATUS VOLUME CAPACITY ACCESS MODES STORAGECLASS
// VOLUMEATTRIBUTESCLASS AGE, wide VOLUMEMODE (printPersistentVolumeClaim).
var pvcHandler = handler{
	columns: []column{nameCol, col("Status"), col("Volume"), col("Capacity"), col("Access Modes"), col("StorageClass"),
		col("VolumeAttributesClass"), col("Age"), wide("VolumeMode")},
	row: func(obj api.Object, now time.Time) []string {
		c := obj.(*api.PersistentVolumeClaim)
		phase := string(c.Status.Phase)
		if c.DeletionTimestamp != nil {
			phase = "Terminating"
		}
		capacity, modes := "", ""
		if c.Spec.VolumeName != "" {
			modes = AccessModes(c.Status.AccessModes)
			q := c.Status.Capacity[api.ResourceStorage]
			capacity = q.String()
		}
		return []string{c.Name, phase, c.Spec.VolumeName, capacity, modes, ClaimClass(c),
			unsetOr(c.Spec.VolumeAttributesClassName), Age(c.CreationTimestamp, now), volumeMode(c.Spec.VolumeMode)}
	},
}

// pvHandler: NAME CAPACITY ACCESS MODES RECLAIM POLICY STATUS CLAIM
// STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE, wide VOLUMEMODE
// (printPersistentVolume).
var pvHandler = handler{
	columns: []column{nameCol, col("Capacity"), col("Access Modes"), col("Reclaim Policy"), col("Status"), col("Claim"),
		col("StorageClass"), col("VolumeAttributesClass"), col("Reason"), col("Age"), wide("VolumeMode")},
	row: func(obj api.Object, now time.Time) []string {
		v := obj.(*api.PersistentVolume)
		claim := ""
		if r := v.Spec.ClaimRef; r != nil {
			claim = r.Namespace + "/" + r.Name
		}
		phase := string(v.Status.Phase)
		if v.DeletionTimestamp != nil {
			phase = "Terminating"
		}
		q := v.Spec.Capacity[api.ResourceStorage]
		return []string{v.Name, q.String(), AccessModes(v.Spec.AccessModes), string(v.Spec.PersistentVolumeReclaimPolicy),
			phase, claim, VolumeClass(v), unsetOr(v.Spec.VolumeAttributesClassName), v.Status.Reason,
			Age(v.CreationTimestamp, now), volumeMode(v.Spec.VolumeMode)}
	},
}

// storageClassHandler: NAME PROVISIONER RECLAIMPOLICY VOLUMEBINDINGMODE
// ALLOWVOLUMEEXPANSION AGE (printStorageClassInternal). Upstream marks
// the effective default (the newest class annotated default) " (default)"
// only when it prints a list (printStorageClassList); the playground's
// printer marks every class annotated default, also when one is asked
// for by name. The cluster has one default class, so a list prints the
// same.
var storageClassHandler = handler{
	columns: []column{nameCol, col("Provisioner"), col("ReclaimPolicy"), col("VolumeBindingMode"),
		col("AllowVolumeExpansion"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		sc := obj.(*api.StorageClass)
		name := sc.Name
		if sc.Annotations[api.IsDefaultStorageClassAnnotation] == "true" {
			name += " (default)"
		}
		reclaim := string(api.PersistentVolumeReclaimDelete)
		if sc.ReclaimPolicy != nil {
			reclaim = string(*sc.ReclaimPolicy)
		}
		mode := string(api.VolumeBindingImmediate)
		if sc.VolumeBindingMode != nil {
			mode = string(*sc.VolumeBindingMode)
		}
		expand := sc.AllowVolumeExpansion != nil && *sc.AllowVolumeExpansion
		return []string{name, sc.Provisioner, reclaim, mode, strconv.FormatBool(expand), Age(sc.CreationTimestamp, now)}
	},
}

// AccessModes models helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP
// in that order, each once.
func AccessModes(modes []api.PersistentVolumeAccessMode) string {
	var out []string
	for _, m := range []struct {
		mode  api.PersistentVolumeAccessMode
		short string
	}{{api.ReadWriteOnce, "RWO"}, {api.ReadOnlyMany, "ROX"}, {api.ReadWriteMany, "RWX"}, {api.ReadWriteOncePod, "RWOP"}} {
		if slices.Contains(modes, m.mode) {
			out = append(out, m.short)
		}
	}
	return strings.Join(out, ",")
}

// betaStorageClassAnnotation is v1.BetaStorageClassAnnotation, which wins
// over the spec field when both are set.
const betaStorageClassAnnotation = "volume.beta.kubernetes.io/storage-class"

// ClaimClass models helper.GetPersistentVolumeClaimClass.
func ClaimClass(c *api.PersistentVolumeClaim) string {
	if class, ok := c.Annotations[betaStorageClassAnnotation]; ok {
		return class
	}
	if c.Spec.StorageClassName != nil {
		return *c.Spec.StorageClassName
	}
	return ""
}

// VolumeClass models helper.GetPersistentVolumeClass.
func VolumeClass(v *api.PersistentVolume) string {
	if class, ok := v.Annotations[betaStorageClassAnnotation]; ok {
		return class
	}
	return v.Spec.StorageClassName
}

func unsetOr(p *string) string {
	if p == nil {
		return "<unset>"
	}
	return *p
}

func volumeMode(m *api.PersistentVolumeMode) string {
	if m == nil {
		return "<unset>"
	}
	return string(*m)
}
