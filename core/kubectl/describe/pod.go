package describe

import (
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Pod prints `kubectl describe pod` (describePod). events may be all
// events: those about the pod are picked.
func Pod(w io.Writer, pod *api.Pod, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", pod.Name)
		pw.write(level0, "Namespace:\t%s\n", pod.Namespace)
		if pod.Spec.Priority != nil {
			pw.write(level0, "Priority:\t%d\n", *pod.Spec.Priority)
		}
		if pod.Spec.PriorityClassName != "" {
			pw.write(level0, "Priority Class Name:\t%s\n", pod.Spec.PriorityClassName)
		}
		if rc := pod.Spec.RuntimeClassName; rc != nil && *rc != "" {
			pw.write(level0, "Runtime Class Name:\t%s\n", *rc)
		}
		if pod.Spec.ServiceAccountName != "" {
			pw.write(level0, "Service Account:\t%s\n", pod.Spec.ServiceAccountName)
		}
		if pod.Spec.NodeName == "" {
			pw.write(level0, "Node:\t<none>\n")
		} else {
			pw.write(level0, "Node:\t%s\n", pod.Spec.NodeName+"/"+pod.Status.HostIP)
		}
		if pod.Status.StartTime != nil {
			pw.write(level0, "Start Time:\t%s\n", rfc1123z(*pod.Status.StartTime))
		}
		printLabelsMultiline(pw, "Labels", pod.Labels)
		printAnnotationsMultiline(pw, "Annotations", pod.Annotations)
		if pod.DeletionTimestamp != nil && pod.Status.Phase != api.PodFailed && pod.Status.Phase != api.PodSucceeded {
			// The deletion timestamp lies in the future while the grace
			// period runs, so this reads "<invalid>" as it does in kubectl.
			pw.write(level0, "Status:\tTerminating (lasts %s)\n", since(*pod.DeletionTimestamp, now))
			grace := int64(0)
			if pod.DeletionGracePeriodSeconds != nil {
				grace = *pod.DeletionGracePeriodSeconds
			}
			pw.write(level0, "Termination Grace Period:\t%ds\n", grace)
		} else {
			pw.write(level0, "Status:\t%s\n", string(pod.Status.Phase))
		}
		if pod.Status.Reason != "" {
			pw.write(level0, "Reason:\t%s\n", pod.Status.Reason)
		}
		if pod.Status.Message != "" {
			pw.write(level0, "Message:\t%s\n", pod.Status.Message)
		}
		pw.write(level0, "IP:\t%s\n", pod.Status.PodIP)
		if len(pod.Status.PodIPs) == 0 {
			pw.write(level0, "IPs:\t<none>\n")
		} else {
			pw.write(level0, "IPs:\n")
			for _, ip := range pod.Status.PodIPs {
				pw.write(level1, "IP:\t%s\n", ip.IP)
			}
		}
		if c := controlledBy(&pod.ObjectMeta); c != "" {
			pw.write(level0, "Controlled By:\t%s\n", c)
		}
		resolve := podEnvResolver(pod)
		if len(pod.Spec.InitContainers) > 0 {
			describeContainers(pw, "Init Containers", pod.Spec.InitContainers, pod.Status.InitContainerStatuses, resolve, "")
		}
		describeContainers(pw, "Containers", pod.Spec.Containers, pod.Status.ContainerStatuses, resolve, "")
		if len(pod.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n  Type\tStatus\n")
			for _, c := range pod.Status.Conditions {
				pw.write(level1, "%v \t%v \n", c.Type, c.Status)
			}
		}
		describeVolumes(pw, pod.Spec.Volumes, "")
		pw.write(level0, "QoS Class:\t%s\n", podQOS(pod))
		printLabelsMultiline(pw, "Node-Selectors", pod.Spec.NodeSelector)
		printTolerationsMultiline(pw, "Tolerations", pod.Spec.Tolerations)
		describeEvents(pw, EventsFor(events, pod), now)
		return nil
	})
}

// podQOS is the pod's QoS class as kubectl's qos.GetPodQOS gives it:
// status.qosClass, else computed from the containers (ComputePodQOS).
func podQOS(pod *api.Pod) string {
	if pod.Status.QOSClass != "" {
		return pod.Status.QOSClass
	}
	return string(api.ComputePodQOS(pod))
}
