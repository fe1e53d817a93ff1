package describe

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// quantityText is Quantity.String of an optional quantity ("<nil>" when
// unset, as upstream's pointer method prints).
func quantityText(q *resource.Quantity) string {
	if q == nil {
		return "<nil>"
	}
	return q.String()
}

// PersistentVolumeClaim prints `kubectl describe pvc`
// (describePersistentVolumeClaim): the claim, the pods that mount it
// ("Used By", getPodsForPVC), its conditions and events. pods may be all
// pods of the namespace; events may be all events.
func PersistentVolumeClaim(w io.Writer, c *api.PersistentVolumeClaim, pods []*api.Pod, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", c.Name)
		pw.write(level0, "Namespace:\t%s\n", c.Namespace)
		pw.write(level0, "StorageClass:\t%s\n", printers.ClaimClass(c))
		if c.DeletionTimestamp != nil {
			pw.write(level0, "Status:\tTerminating (lasts %s)\n", since(*c.DeletionTimestamp, now))
		} else {
			pw.write(level0, "Status:\t%v\n", c.Status.Phase)
		}
		pw.write(level0, "Volume:\t%s\n", c.Spec.VolumeName)
		printLabelsMultiline(pw, "Labels", c.Labels)
		printAnnotationsMultiline(pw, "Annotations", c.Annotations)
		pw.write(level0, "Finalizers:\t%v\n", fmt.Sprint(nonNilStrings(c.Finalizers)))
		capacity, modes := "", ""
		if c.Spec.VolumeName != "" {
			modes = printers.AccessModes(c.Status.AccessModes)
			q := c.Status.Capacity[api.ResourceStorage]
			capacity = q.String()
		}
		pw.write(level0, "Capacity:\t%s\n", capacity)
		pw.write(level0, "Access Modes:\t%s\n", modes)
		if c.Spec.VolumeMode != nil {
			pw.write(level0, "VolumeMode:\t%v\n", *c.Spec.VolumeMode)
		}
		var users []string
		for _, p := range pods {
			if p.Namespace != c.Namespace {
				continue
			}
			for _, v := range p.Spec.Volumes {
				if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == c.Name {
					users = append(users, p.Name)
				}
			}
		}
		sort.Strings(users)
		pw.write(level0, "Used By:\t")
		if len(users) == 0 {
			pw.writeLine("<none>")
		}
		for i, u := range users {
			if i != 0 {
				pw.write(level0, "\t")
			}
			pw.write(level0, "%s\n", u)
		}
		if len(c.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n")
			pw.write(level1, "Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n")
			pw.write(level1, "----\t------\t-----------------\t------------------\t------\t-------\n")
			for _, cond := range c.Status.Conditions {
				pw.write(level1, "%v \t%v \t%s \t%s \t%v \t%v\n", cond.Type, cond.Status, rfc1123z(cond.LastProbeTime),
					rfc1123z(cond.LastTransitionTime), cond.Reason, cond.Message)
			}
		}
		describeEvents(pw, EventsFor(events, c), now)
		return nil
	})
}

// nonNilStrings is what %v prints for a string slice: [] for nil too.
func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// PersistentVolume prints `kubectl describe pv` (describePersistentVolume)
// for the modelled volume sources.
func PersistentVolume(w io.Writer, v *api.PersistentVolume, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", v.Name)
		printLabelsMultiline(pw, "Labels", v.Labels)
		printAnnotationsMultiline(pw, "Annotations", v.Annotations)
		pw.write(level0, "Finalizers:\t%v\n", fmt.Sprint(nonNilStrings(v.Finalizers)))
		pw.write(level0, "StorageClass:\t%s\n", printers.VolumeClass(v))
		if v.DeletionTimestamp != nil {
			pw.write(level0, "Status:\tTerminating (lasts %s)\n", since(*v.DeletionTimestamp, now))
		} else {
			pw.write(level0, "Status:\t%v\n", v.Status.Phase)
		}
		claim := ""
		if r := v.Spec.ClaimRef; r != nil {
			claim = r.Namespace + "/" + r.Name
		}
		pw.write(level0, "Claim:\t%s\n", claim)
		pw.write(level0, "Reclaim Policy:\t%v\n", v.Spec.PersistentVolumeReclaimPolicy)
		pw.write(level0, "Access Modes:\t%s\n", printers.AccessModes(v.Spec.AccessModes))
		if v.Spec.VolumeMode != nil {
			pw.write(level0, "VolumeMode:\t%v\n", *v.Spec.VolumeMode)
		}
		q := v.Spec.Capacity[api.ResourceStorage]
		pw.write(level0, "Capacity:\t%s\n", q.String())
		printVolumeNodeAffinity(pw, v.Spec.NodeAffinity)
		pw.write(level0, "Message:\t%s\n", v.Status.Message)
		pw.write(level0, "Source:\n")
		switch s := v.Spec.PersistentVolumeSource; {
		case s.HostPath != nil:
			t := "<none>"
			if s.HostPath.Type != nil {
				t = string(*s.HostPath.Type)
			}
			pw.write(level2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%v\n    HostPathType:\t%v\n", s.HostPath.Path, t)
		case s.NFS != nil: // printNFSVolumeSource
			pw.write(level2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t%v\n    Path:\t%v\n    ReadOnly:\t%v\n",
				s.NFS.Server, s.NFS.Path, s.NFS.ReadOnly)
		case s.Local != nil: // printLocalVolumeSource
			pw.write(level2, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t%v\n", s.Local.Path)
		case s.CSI != nil: // printCSIPersistentVolumeSource
			pw.write(level2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%v\n    FSType:\t%v\n"+
				"    VolumeHandle:\t%v\n    ReadOnly:\t%v\n", s.CSI.Driver, s.CSI.FSType, s.CSI.VolumeHandle, s.CSI.ReadOnly)
			printCSIPersistentVolumeAttributesMultiline(pw, "VolumeAttributes", s.CSI.VolumeAttributes)
		default:
			pw.write(level1, "<unknown>\n")
		}
		describeEvents(pw, EventsFor(events, v), now)
		return nil
	})
}

// printCSIPersistentVolumeAttributesMultiline models the function of
// that name, whose every write is indented at level 2, the first key's
// too (after the title's tab), as upstream's.
func printCSIPersistentVolumeAttributesMultiline(pw *prefixWriter, title string, attrs map[string]string) {
	pw.write(level2, "%s:\t", title)
	if len(attrs) == 0 {
		pw.writeLine("<none>")
		return
	}
	keys := make([]string, 0, len(attrs))
	for k := range attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i != 0 {
			pw.write(level2, "")
			pw.write(level2, "\t")
		}
		line := k + "=" + attrs[k]
		if len(line) > maxAnnotationLen {
			line = line[:maxAnnotationLen] + "..."
		}
		pw.write(level2, "%s\n", line)
	}
}

// printVolumeNodeAffinity models the function of that name.
func printVolumeNodeAffinity(pw *prefixWriter, a *api.VolumeNodeAffinity) {
	pw.write(level0, "Node Affinity:\t")
	if a == nil || a.Required == nil {
		pw.writeLine("<none>")
		return
	}
	pw.writeLine("")
	pw.write(level1, "Required Terms:\t")
	if len(a.Required.NodeSelectorTerms) == 0 {
		pw.writeLine("<none>")
		return
	}
	pw.writeLine("")
	for i, term := range a.Required.NodeSelectorTerms { // printNodeSelectorTermsMultilineWithIndent
		pw.write(level2, "%s:%s", fmt.Sprintf("Term %v", i), "\t")
		if len(term.MatchExpressions) == 0 {
			pw.writeLine("<none>")
			continue
		}
		for j, req := range term.MatchExpressions {
			if j != 0 {
				pw.write(level2, "%s", "\t")
			}
			expr := fmt.Sprintf("%s %s", req.Key, strings.ToLower(string(req.Operator)))
			if len(req.Values) > 0 {
				expr = fmt.Sprintf("%s [%s]", expr, strings.Join(req.Values, ", "))
			}
			pw.write(level0, "%s\n", expr)
		}
	}
}

// StorageClass prints `kubectl describe storageclass` (describeStorageClass).
func StorageClass(w io.Writer, sc *api.StorageClass, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", sc.Name)
		isDefault := "No" // storageutil.IsDefaultAnnotationText
		if sc.Annotations[api.IsDefaultStorageClassAnnotation] == "true" || sc.Annotations["storageclass.beta.kubernetes.io/is-default-class"] == "true" {
			isDefault = "Yes"
		}
		pw.write(level0, "IsDefaultClass:\t%s\n", isDefault)
		pw.write(level0, "Annotations:\t%s\n", labels.FormatLabels(sc.Annotations))
		pw.write(level0, "Provisioner:\t%s\n", sc.Provisioner)
		pw.write(level0, "Parameters:\t%s\n", labels.FormatLabels(sc.Parameters))
		expand := "<unset>"
		if sc.AllowVolumeExpansion != nil {
			expand = printBool(*sc.AllowVolumeExpansion)
		}
		pw.write(level0, "AllowVolumeExpansion:\t%s\n", expand)
		if len(sc.MountOptions) == 0 {
			pw.write(level0, "MountOptions:\t<none>\n")
		} else {
			pw.write(level0, "MountOptions:\n")
			for _, o := range sc.MountOptions {
				pw.write(level1, "%s\n", o)
			}
		}
		if sc.ReclaimPolicy != nil {
			pw.write(level0, "ReclaimPolicy:\t%s\n", *sc.ReclaimPolicy)
		}
		if sc.VolumeBindingMode != nil {
			pw.write(level0, "VolumeBindingMode:\t%s\n", *sc.VolumeBindingMode)
		}
		if sc.AllowedTopologies != nil { // printAllowedTopologies
			pw.write(level0, "AllowedTopologies:\t")
			if len(sc.AllowedTopologies) == 0 {
				pw.writeLine("<none>")
			} else {
				pw.writeLine("")
				for i, term := range sc.AllowedTopologies {
					pw.write(level1, "Term %d:\t", i)
					if len(term.MatchLabelExpressions) == 0 {
						pw.writeLine("<none>")
						continue
					}
					for j, e := range term.MatchLabelExpressions {
						if j != 0 {
							pw.write(level1, "\t")
						}
						pw.write(level0, "%s in [%s]\n", e.Key, strings.Join(e.Values, ", "))
					}
				}
			}
		}
		describeEvents(pw, EventsFor(events, sc), now)
		return nil
	})
}
