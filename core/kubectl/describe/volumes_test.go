package describe

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func userVolumes() []api.Volume {
	size := quantity("1Gi")
	return []api.Volume{
		{Name: "cache", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{Medium: "Memory", SizeLimit: &size}}},
		{Name: "scratch", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}},
		{Name: "podinfo", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
			{Path: "labels", FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.labels"}},
			{Path: "name", FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}},
		}}}},
		apiAccessVolume("kube-api-access-5lp2h"),
	}
}

// TestDescribeVolumes: each source's block (printEmptyDirVolumeSource,
// printDownwardAPIVolumeSource, printProjectedVolumeSource), with the
// tabwriter's columns broken by the lines without a tab, as in kubectl.
func TestDescribeVolumes(t *testing.T) {
	got := render(t, func(w *strings.Builder) error {
		return tabbedString(w, func(pw *prefixWriter) error {
			describeVolumes(pw, userVolumes(), "")
			pw.write(level0, "QoS Class:\t%s\n", "BestEffort")
			return nil
		})
	})
	check(t, "pod volumes", got, "Volumes:\n"+
		"  cache:\n"+
		"    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)\n"+
		"    Medium:     Memory\n"+
		"    SizeLimit:  1Gi\n"+
		"  scratch:\n"+
		"    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)\n"+
		"    Medium:     \n"+
		"    SizeLimit:  <unset>\n"+
		"  podinfo:\n"+
		"    Type:  DownwardAPI (a volume populated by information about the pod)\n"+
		"    Items:\n"+
		"      metadata.labels -> labels\n"+
		"      metadata.name -> name\n"+
		"  kube-api-access-5lp2h:\n"+
		"    Type:                    Projected (a volume that contains injected data from multiple sources)\n"+
		"    TokenExpirationSeconds:  3607\n"+
		"    ConfigMapName:           kube-root-ca.crt\n"+
		"    Optional:                false\n"+
		"    DownwardAPI:             true\n"+
		"QoS Class:                   BestEffort\n")
}

// TestDescribeTemplateVolumes: inside a pod template the section and the
// volume names are indented one step more, and the priority class follows
// the volumes (DescribePodTemplate).
func TestDescribeTemplateVolumes(t *testing.T) {
	tmpl := nginxTemplate("86dcfdf4c6")
	tmpl.Spec.Volumes = userVolumes()[:1]
	tmpl.Spec.PriorityClassName = "system-cluster-critical"
	tmpl.Spec.Containers[0].VolumeMounts = []api.VolumeMount{
		{Name: "cache", MountPath: "/var/cache/nginx"},
		{Name: "cache", MountPath: "/data", SubPath: "data", ReadOnly: true},
	}
	got := render(t, func(w *strings.Builder) error {
		return tabbedString(w, func(pw *prefixWriter) error {
			describePodTemplate(pw, &tmpl)
			return nil
		})
	})
	check(t, "template volumes", got, "Pod Template:\n"+
		"  Labels:  app=nginx\n"+
		"           pod-template-hash=86dcfdf4c6\n"+
		"  Containers:\n"+
		"   nginx:\n"+
		"    Image:        nginx:1.14.2\n"+
		"    Port:         80/TCP\n"+
		"    Host Port:    0/TCP\n"+
		"    Environment:  <none>\n"+
		"    Mounts:\n"+
		"      /data from cache (ro,path=\"data\")\n"+
		"      /var/cache/nginx from cache (rw)\n"+
		"  Volumes:\n"+
		"   cache:\n"+
		"    Type:               EmptyDir (a temporary directory that shares a pod's lifetime)\n"+
		"    Medium:             Memory\n"+
		"    SizeLimit:          1Gi\n"+
		"  Priority Class Name:  system-cluster-critical\n"+
		"  Node-Selectors:       <none>\n"+
		"  Tolerations:          <none>\n")
	// Sorting for display leaves the object alone.
	if tmpl.Spec.Containers[0].VolumeMounts[0].MountPath != "/var/cache/nginx" {
		t.Error("describe reordered the container's mounts")
	}
}
