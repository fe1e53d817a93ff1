package describe

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// describeVolumes prints the "Volumes:" section of a pod or a pod template
// (describeVolumes): "<none>", or each volume's name and its source. space
// is "  " inside a pod template, which also indents the names by one more
// space, as container names are.
func describeVolumes(w *prefixWriter, volumes []api.Volume, space string) {
	if len(volumes) == 0 {
		w.write(level0, "%sVolumes:\t<none>\n", space)
		return
	}
	w.write(level0, "%sVolumes:\n", space)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, v := range volumes {
		w.write(level1, "%s%v:\n", nameIndent, v.Name)
		switch {
		case v.HostPath != nil:
			hostPathType := "<none>"
			if v.HostPath.Type != nil {
				hostPathType = string(*v.HostPath.Type)
			}
			w.write(level2, "Type:\tHostPath (bare host directory volume)\n"+
				"    Path:\t%v\n"+
				"    HostPathType:\t%v\n", v.HostPath.Path, hostPathType)
		case v.EmptyDir != nil:
			printEmptyDirVolumeSource(w, v.EmptyDir)
		case v.Secret != nil:
			w.write(level2, "Type:\tSecret (a volume populated by a Secret)\n"+
				"    SecretName:\t%v\n"+
				"    Optional:\t%v\n", v.Secret.SecretName, isTrue(v.Secret.Optional))
		case v.ConfigMap != nil:
			w.write(level2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n"+
				"    Name:\t%v\n"+
				"    Optional:\t%v\n", v.ConfigMap.Name, isTrue(v.ConfigMap.Optional))
		case v.NFS != nil:
			w.write(level2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n"+
				"    Server:\t%v\n"+
				"    Path:\t%v\n"+
				"    ReadOnly:\t%v\n", v.NFS.Server, v.NFS.Path, v.NFS.ReadOnly)
		case v.PersistentVolumeClaim != nil:
			w.write(level2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n"+
				"    ClaimName:\t%v\n"+
				"    ReadOnly:\t%v\n", v.PersistentVolumeClaim.ClaimName, v.PersistentVolumeClaim.ReadOnly)
		case v.DownwardAPI != nil:
			printDownwardAPIVolumeSource(w, v.DownwardAPI)
		case v.Projected != nil:
			printProjectedVolumeSource(w, v.Projected)
		case v.Image != nil:
			w.write(level2, "Type:\tImage (a container image or OCI artifact)\n"+
				"    Reference:\t%v\n"+
				"    PullPolicy:\t%v\n", v.Image.Reference, v.Image.PullPolicy)
		default:
			// The in-tree storage plugins, CSI and ephemeral claims are not
			// described yet.
			w.write(level1, "<unknown>\n")
		}
	}
}

// printEmptyDirVolumeSource models printEmptyDirVolumeSource.
func printEmptyDirVolumeSource(w *prefixWriter, e *api.EmptyDirVolumeSource) {
	sizeLimit := "<unset>"
	if e.SizeLimit != nil && e.SizeLimit.Cmp(resource.Quantity{}) > 0 {
		sizeLimit = e.SizeLimit.String()
	}
	w.write(level2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n"+
		"    Medium:\t%v\n"+
		"    SizeLimit:\t%v\n", e.Medium, sizeLimit)
}

// printDownwardAPIVolumeSource models printDownwardAPIVolumeSource: one
// "fieldPath -> file" line per item.
func printDownwardAPIVolumeSource(w *prefixWriter, d *api.DownwardAPIVolumeSource) {
	w.write(level2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n")
	for _, item := range d.Items {
		if item.FieldRef != nil {
			w.write(level3, "%v -> %v\n", item.FieldRef.FieldPath, item.Path)
		}
		if item.ResourceFieldRef != nil {
			w.write(level3, "%v -> %v\n", item.ResourceFieldRef.Resource, item.Path)
		}
	}
}

// printProjectedVolumeSource models printProjectedVolumeSource: one line
// (two for a ConfigMap) per source, in the volume's order. For the API
// credentials volume that reads
//
//	Type:                    Projected (a volume that contains injected data from multiple sources)
//	TokenExpirationSeconds:  3607
//	ConfigMapName:           kube-root-ca.crt
//	Optional:                false
//	DownwardAPI:             true
func printProjectedVolumeSource(w *prefixWriter, p *api.ProjectedVolumeSource) {
	w.write(level2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
	for _, src := range p.Sources {
		switch {
		case src.Secret != nil:
			w.write(level2, "SecretName:\t%v\n"+
				"    Optional:\t%v\n", src.Secret.Name, isTrue(src.Secret.Optional))
		case src.DownwardAPI != nil:
			w.write(level2, "DownwardAPI:\ttrue\n")
		case src.ConfigMap != nil:
			optional := src.ConfigMap.Optional != nil && *src.ConfigMap.Optional
			w.write(level2, "ConfigMapName:\t%v\n"+
				"    Optional:\t%v\n", src.ConfigMap.Name, optional)
		case src.ServiceAccountToken != nil:
			var seconds int64
			if s := src.ServiceAccountToken.ExpirationSeconds; s != nil {
				seconds = *s
			}
			w.write(level2, "TokenExpirationSeconds:\t%d\n", seconds)
		}
	}
}

// describeContainerVolumes prints a container's "Mounts:" (the part of
// describeContainerVolumes the playground has: no volumeDevices), sorted
// by mount path: "/data from cache (rw)", "... (ro,path=\"sub\")".
func describeContainerVolumes(w *prefixWriter, c api.Container) {
	none := ""
	if len(c.VolumeMounts) == 0 {
		none = "\t<none>"
	}
	w.write(level2, "Mounts:%s\n", none)
	mounts := slices.Clone(c.VolumeMounts)
	slices.SortStableFunc(mounts, func(a, b api.VolumeMount) int { return strings.Compare(a.MountPath, b.MountPath) })
	for _, m := range mounts {
		flags := []string{"rw"}
		if m.ReadOnly {
			flags[0] = "ro"
		}
		if m.SubPath != "" {
			flags = append(flags, fmt.Sprintf("path=%q", m.SubPath))
		}
		w.write(level3, "%s from %s (%s)\n", m.MountPath, m.Name, strings.Join(flags, ","))
	}
}

// isTrue reads an optional flag: unset is false.
func isTrue(b *bool) bool { return b != nil && *b }
